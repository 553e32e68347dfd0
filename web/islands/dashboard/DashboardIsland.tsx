import type { AdminSummary } from '../../../src/shared/contracts/admin-range';
import { Card } from '../../components/Card/Card';
import { StatsCards } from '../../components/StatsCards/StatsCards';
import { Toaster, useToast } from '../../components/Toast/Toast';
import type { RangeParams } from '../../lib/api';
import { CsvButton } from './CsvButton';
import { DashboardHeader } from './DashboardHeader';
import * as styles from './DashboardIsland.css';
import { DashboardLoading } from './DashboardLoading';
import { DashboardTabs } from './DashboardTabs';
import type { TableId } from './dashboard-view';
import { FilterBar } from './filters/FilterBar';
import { FilterProvider } from './filters/filter-context';
import { HourlyCard } from './HourlyCharts';
import { AlbumsTable, LyricsTable, SongsTable, type TableControls, TopLists } from './ItemTables';
import { LiveCard } from './live/LiveCard';
import { PartyPanel } from './PartyPanel';
import { RangePicker } from './RangePicker';
import { ConfusionsView, DevicesView, ScoreView } from './RangeViews';
import { SourcesPanel } from './SourcesPanel';
import { unavailableNotice } from './section-unavailable';
import { summaryCards } from './summary-cards';
import { DailyTrend } from './TrendView';
import { type DashboardData, useAdminData } from './use-admin-data';
import { useDashboardView } from './use-dashboard-view';
import { useShownLyrics } from './use-shown-lyrics';

/**
 * `/admin/dashboard`: statistics for the administrator, reloaded on every tab change
 * (docs/product.md#admin-dashboard).
 * What is shown — tab, sorts, pages, the lyric search — lives in the address (use-dashboard-view);
 * the data and their loading in use-admin-data. The island lays out its parts: the heading, the
 * cards (summary-cards.ts), the item tables (ItemTables.tsx) and the range views.
 */
export function DashboardIsland() {
  const { view, restored, setTab, setRange, sortBy, goToPage, filterLyrics, ...choose } = useDashboardView();
  const { setTrendGroup } = choose;
  const { toast, show, dismiss } = useToast();
  const { credentials, data, loading, failed, updatedAt, reload, signOut } = useAdminData(
    view.tab,
    view.range,
    view.scoreMode,
    view.trendGroup,
    view.filters,
    restored,
    show,
  );

  const { shownLyrics, hideUnshown, query, minOccurrences } = useShownLyrics(view, data?.lyrics);

  if (!credentials || !data)
    return (
      <>
        <DashboardLoading failed={failed && !loading} reload={reload} />
        <Toaster toast={toast} onDismiss={dismiss} />
      </>
    );

  const unavailable = unavailableNotice(data, reload);

  const range = data.params;
  const lyricExport = { ...range, ...lyricExportParams(query, minOccurrences, hideUnshown) };
  const csv = (table: 'lyrics' | 'songs' | 'albums' | 'hourly', label: string) => (
    <div className={styles.tableTools}>
      <CsvButton
        credentials={credentials}
        table={table}
        range={table === 'lyrics' ? lyricExport : range}
        label={label}
      />
    </div>
  );
  const summary = view.range.preset === 'sve' && !data.filtered ? null : data.views.summary;

  const table = (id: TableId): TableControls => ({
    sort: view.tables[id].sort,
    onSort: (column: string) => sortBy(id, column),
    page: view.tables[id].page,
    onPage: (page: number) => goToPage(id, page),
  });

  return (
    <FilterProvider value={{ filters: view.filters, setFilter: choose.setFilter }}>
      <div className={styles.dashboard}>
        <DashboardHeader loading={loading} updatedAt={updatedAt} reload={reload} signOut={signOut} />
        <RangePicker value={view.range} onChange={setRange} shown={data.days} summary={data.views.summary} />
        <FilterBar view={view} {...choose} lists={data} />
        {(view.range.preset !== 'sve' || data.filtered) && unavailable('summary')}
        <StatsCards {...summaryCards(view, data)} />
        <SummaryExport credentials={credentials} range={range} summary={summary} />
        <DashboardTabs tab={view.tab} onSelect={setTab} />
        <div
          className={styles.panel}
          role="tabpanel"
          id={`panel-${view.tab}`}
          aria-labelledby={`tab-${view.tab}`}
          aria-busy={loading}
        >
          {view.tab === 'uzivo' && <PartyPanel credentials={credentials} />}
          {view.tab === 'izvori' && (
            <SourcesPanel credentials={credentials} range={range} filtered={data.filtered} />
          )}
          {view.tab === 'pregled' && (
            <OverviewPanel
              credentials={credentials}
              data={data}
              range={range}
              unavailable={unavailable}
              signOut={signOut}
            />
          )}
          {view.tab === 'stihovi' &&
            (unavailable('lyrics') ?? (
              <LyricsTable
                view={view}
                hideUnshown={hideUnshown}
                onFilter={filterLyrics}
                rows={shownLyrics}
                total={data.lyrics.length}
                credentials={credentials}
                range={range}
                csv={csv('lyrics', 'statistika stihova')}
                controls={table('stihovi')}
              />
            ))}
          {view.tab === 'pjesme' &&
            (unavailable('songs') ?? (
              <SongsTable
                rows={data.songs}
                credentials={credentials}
                range={range}
                csv={csv('songs', 'statistika pjesama')}
                controls={table('pjesme')}
              />
            ))}
          {view.tab === 'albumi' &&
            (unavailable('albums') ?? (
              <AlbumsTable
                rows={data.albums}
                csv={csv('albums', 'statistika albuma')}
                controls={table('albumi')}
              />
            ))}
          {view.tab === 'top' && (
            <TopLists
              lyrics={data.lyrics}
              songs={data.songs}
              lyricsNotice={unavailable('lyrics')}
              songsNotice={unavailable('songs')}
            />
          )}
          {view.tab === 'top' &&
            (unavailable('confusions') ?? (
              <ConfusionsView
                confusions={data.views.confusions}
                period={data.views.confusionsPeriod}
                credentials={credentials}
                range={range}
              />
            ))}
          {view.tab === 'vrijeme' &&
            (unavailable('daily') ?? (
              <DailyTrend
                trend={data.views.daily}
                credentials={credentials}
                range={range}
                onGroup={setTrendGroup}
              />
            ))}
          {view.tab === 'vrijeme' &&
            (unavailable('hourly') ?? (
              <HourlyCard
                data={data}
                credentials={credentials}
                allTime={view.range.preset === 'sve' && !data.filtered}
              />
            ))}
        </div>
        <Toaster toast={toast} onDismiss={dismiss} />
      </div>
    </FilterProvider>
  );
}

/** 'Pregled': the live card, the welcome, the score distribution and the devices. */
function OverviewPanel({
  credentials,
  data,
  range,
  unavailable,
  signOut,
}: {
  credentials: string;
  data: DashboardData;
  range: RangeParams;
  unavailable: ReturnType<typeof unavailableNotice>;
  signOut: () => void;
}) {
  return (
    <>
      <LiveCard credentials={credentials} onSignedOut={signOut} />
      <Welcome />
      {(['lyrics', 'songs', 'albums', 'hourly'] as const).map(unavailable)}
      {unavailable('scores') ??
        (data.views.scores && (
          <ScoreView scores={data.views.scores} credentials={credentials} range={range} />
        ))}
      {unavailable('devices') ??
        (data.views.devices && (
          <DevicesView
            devices={data.views.devices}
            credentials={credentials}
            range={range}
            filtered={data.filtered}
          />
        ))}
    </>
  );
}

function Welcome() {
  return (
    <Card className={styles.welcome}>
      <h2>Dobrodošli u administratorski panel</h2>
      <p>
        Ovdje su detaljni podaci o odigranim kvizovima u odabranom razdoblju: uspješnost po stihovima,
        pjesmama i albumima, top liste i najčešće zamjene, dnevni trend te igranja po satima. Odaberite
        karticu iznad. Stupce tablica možete sortirati klikom na zaglavlje.
      </p>
    </Card>
  );
}

/** The lyric export holds the rows the search and filters leave, as the table does. */
function lyricExportParams(query: string, minOccurrences: number, hideUnshown: boolean) {
  return {
    ...(query.trim() ? { q: query.trim() } : {}),
    ...(minOccurrences > 0 ? { min: minOccurrences } : {}),
    ...(hideUnshown ? { unshown: 'hide' as const } : {}),
  };
}

/** 'Preuzmi CSV' of the cards and their comparison (the same dates last year for 'Ova godina'). */
function SummaryExport({
  credentials,
  range,
  summary,
}: {
  credentials: string;
  range: RangeParams;
  summary: AdminSummary | null;
}) {
  return (
    <div className={styles.tableTools}>
      {/* All time has no period before it to compare with: the file then holds the figures only. */}
      <span className={styles.muted}>
        {summary && !summary.comparable
          ? 'Brojke iznad:'
          : 'Brojke iznad i usporedba s prethodnim razdobljem:'}
      </span>
      <CsvButton
        credentials={credentials}
        table="summary"
        range={{ ...range, ...(summary?.comparison === 'year' ? { compare: 'year' } : {}) }}
        label={summary && !summary.comparable ? 'sažetak' : 'sažetak s usporedbom'}
      />
    </div>
  );
}
