import { useDeferredValue, useMemo } from 'react';
import type { AdminSummary } from '../../../src/shared/contracts/admin-range';
import { lyricSearchText } from '../../../src/shared/search';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Notice } from '../../components/Notice/Notice';
import { InlineSpinner, Spinner } from '../../components/Spinner/Spinner';
import { type ChangeWording, StatsCards } from '../../components/StatsCards/StatsCards';
import { type Column, SortableTable } from '../../components/Tables/SortableTable';
import { TopListPair } from '../../components/Tables/TopListPair';
import { lyricTopColumns, songTopColumns } from '../../components/Tables/top-columns';
import { Toaster, useToast } from '../../components/Toast/Toast';
import { changeOf, formatRange } from '../../lib/date-range';
import {
  ADMIN_MIN_OCCURRENCES,
  type AlbumStat,
  albumWithYear,
  filterRows,
  type LyricStat,
  orUnknown,
  type SongStat,
} from '../../lib/stats';
import { ConfusionDetail } from './ConfusionDetail';
import { CsvButton } from './CsvButton';
import * as styles from './DashboardIsland.css';
import { DashboardTabs } from './DashboardTabs';
import { DEFAULT_PAGE_SIZE, lyricRowFilter, type TableId } from './dashboard-view';
import { HourlyCharts } from './HourlyCharts';
import { LyricFilters } from './LyricFilters';
import type { Section } from './load-admin-data';
import type { RangeSection } from './load-range-data';
import { RangePicker } from './RangePicker';
import { ConfusionsView, DailyTrend, DevicesView, ScoreView } from './RangeViews';
import { useAdminData } from './use-admin-data';
import { useDashboardView } from './use-dashboard-view';

const lyricColumns: Column<LyricStat>[] = [
  { key: 'text', header: 'Stih', value: (l) => l.text },
  { key: 'song', header: 'Pjesma', value: (l) => orUnknown(l.songTitle) },
  { key: 'album', header: 'Album (godina)', value: (l) => albumWithYear(l.albumTitle, l.albumYear) },
];
const songColumns: Column<SongStat>[] = [
  { key: 'title', header: 'Pjesma', value: (s) => orUnknown(s.title) },
  { key: 'album', header: 'Album (godina)', value: (s) => albumWithYear(s.albumTitle, s.albumYear) },
];
const albumColumns: Column<AlbumStat>[] = [
  { key: 'title', header: 'Album', value: (a) => orUnknown(a.title) },
];
const lyricCounts: [string, string] = ['Prikazano', 'Točno'];
const otherCounts: [string, string] = ['Pojavljivanja', 'Točni odgovori'];

const sectionNames: Record<Section | RangeSection, string> = {
  lyrics: 'Statistiku stihova',
  songs: 'Statistiku pjesama',
  albums: 'Statistiku albuma',
  hourly: 'Vremensku statistiku',
  summary: 'Usporedbu s prethodnim razdobljem',
  daily: 'Dnevni trend',
  scores: 'Raspodjelu rezultata',
  devices: 'Uređaje i igrače',
  confusions: 'Najčešće zamjene',
};

/** The cards' change: against the period before or the same dates last year; why there is none. */
function changeWording(summary: AdminSummary): ChangeWording {
  const suffix =
    summary.comparison === 'year'
      ? ' u odnosu na iste dane prošle godine'
      : ' u odnosu na prethodno razdoblje';
  if (summary.comparable) return { suffix, none: 'Nema podataka za usporedbu' };
  return { suffix, none: 'Nema usporedbe: tada se još nije bilježilo' };
}

// Made at first use, like the results' day format: not at the server's import of this module.
let timeFormat: Intl.DateTimeFormat | undefined;
const formatTime = (at: number | Date) => {
  timeFormat ??= new Intl.DateTimeFormat('hr-HR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return timeFormat.format(at);
};

/**
 * `/admin/dashboard`: statistics for the administrator, reloaded on every tab change
 * (docs/product.md#admin-dashboard).
 * What is shown — tab, sorts, pages, the lyric search — lives in the address (use-dashboard-view);
 * the data and their loading in use-admin-data.
 */
export function DashboardIsland() {
  const { view, restored, setTab, setRange, sortBy, goToPage, filterLyrics, setScoreMode } =
    useDashboardView();
  const { toast, show, dismiss } = useToast();
  const { credentials, data, loading, failed, updatedAt, reload, signOut } = useAdminData(
    view.tab,
    view.range,
    view.scoreMode,
    restored,
    show,
  );

  const lyricFilter = lyricRowFilter(view);
  const query = useDeferredValue(lyricFilter.query);
  const lyrics = data?.lyrics;
  const searchable = useMemo(() => (lyrics ?? []).map(lyricSearchText), [lyrics]);
  const { minOccurrences, hideUnshown } = lyricFilter;
  const shownLyrics = useMemo(
    () => filterRows(lyrics ?? [], searchable, { query, minOccurrences, hideUnshown }),
    [lyrics, searchable, query, minOccurrences, hideUnshown],
  );

  if (!credentials || !data)
    return (
      <>
        {failed && !loading ? (
          <Notice
            title="Greška"
            action={<Button onClick={reload}>Pokušaj ponovno</Button>}
            data-load-error=""
          >
            Došlo je do pogreške prilikom učitavanja podataka.
          </Notice>
        ) : (
          <Spinner label="Učitavanje statistike..." />
        )}
        <Toaster toast={toast} onDismiss={dismiss} />
      </>
    );

  /** A part whose read the server refused: said so, with a retry, instead of an empty table. */
  const unavailable = (section: Section | RangeSection) => {
    const status =
      section in data.unavailable
        ? data.unavailable[section as Section]
        : data.views.unavailable[section as RangeSection];
    return status === undefined ? null : (
      <Notice
        key={section}
        title={`${sectionNames[section]} nije moguće učitati.`}
        action={
          <Button variant="secondary" onClick={reload}>
            Pokušaj ponovno
          </Button>
        }
        data-unavailable={section}
      >
        Poslužitelj je odgovorio greškom {status}. Ostali podaci su prikazani.
      </Notice>
    );
  };

  const range = data.params;
  // The lyric export holds the rows the search and filters leave, as the table does.
  const lyricExport = {
    ...(query.trim() ? { q: query.trim() } : {}),
    ...(minOccurrences > 0 ? { min: minOccurrences } : {}),
    ...(hideUnshown ? { unshown: 'hide' as const } : {}),
  };
  const csv = (table: 'lyrics' | 'songs' | 'albums' | 'hourly', label: string) => (
    <div className={styles.tableTools}>
      <CsvButton
        credentials={credentials}
        table={table}
        range={table === 'lyrics' ? { ...range, ...lyricExport } : range}
        label={label}
      />
    </div>
  );

  // The cards: all time ('Sve') are the overview read; a range, its summary and the change
  // against the period of the same length before it.
  const summary = view.range.preset === 'sve' ? null : data.views.summary;
  const cards = summary
    ? {
        overview: {
          totalAttempts: summary.current.plays,
          // Distinct players of the whole range, each once (not a sum of each day's players).
          uniquePlayers: summary.current.players,
          averageScore: summary.current.averageScore,
          averagePercentage: summary.current.accuracy,
        },
        changes:
          summary.previous.plays === 0 || !summary.comparable
            ? { totalAttempts: null, uniquePlayers: null, averageScore: null, averagePercentage: null }
            : {
                totalAttempts: changeOf(summary.current.plays, summary.previous.plays),
                uniquePlayers: changeOf(summary.current.players, summary.previous.players),
                averageScore: changeOf(summary.current.averageScore, summary.previous.averageScore),
                averagePercentage: changeOf(summary.current.accuracy, summary.previous.accuracy),
              },
        ...(summary.current.days === 1 ? {} : { playersNote: 'svaki igrač jednom' }),
        wording: changeWording(summary),
      }
    : { overview: data.overview };

  const table = (id: TableId) => ({
    sort: view.tables[id].sort,
    onSort: (column: string) => sortBy(id, column),
    page: view.tables[id].page,
    onPage: (page: number) => goToPage(id, page),
  });

  return (
    <div className={styles.dashboard}>
      <div className={styles.header}>
        <div className={styles.heading}>
          <h1>Admin Panel</h1>
          <p className={styles.status} role="status" data-updated="">
            {loading ? (
              <>
                <InlineSpinner />
                Učitavanje…
              </>
            ) : (
              updatedAt && <>Zadnje ažurirano: {formatTime(updatedAt)}</>
            )}
          </p>
        </div>
        <div className={styles.headerActions}>
          <Button variant="secondary" onClick={reload} disabled={loading}>
            Osvježi
          </Button>
          <Button variant="secondary" onClick={signOut}>
            Odjavi se
          </Button>
        </div>
      </div>
      <RangePicker
        value={view.range}
        onChange={setRange}
        shown={data.days}
        today={data.views.summary?.today ?? null}
        compared={view.range.preset === 'sve' ? null : data.views.summary}
      />
      {view.range.preset !== 'sve' && unavailable('summary')}
      <StatsCards {...cards} />
      <div className={styles.tableTools}>
        <span className={styles.muted}>Brojke iznad i usporedba s prethodnim razdobljem:</span>
        <CsvButton
          credentials={credentials}
          table="summary"
          range={{ ...range, ...(summary?.comparison === 'year' ? { compare: 'year' } : {}) }}
          label="sažetak s usporedbom"
        />
      </div>
      <DashboardTabs tab={view.tab} onSelect={setTab} />
      <div
        className={styles.panel}
        role="tabpanel"
        id={`panel-${view.tab}`}
        aria-labelledby={`tab-${view.tab}`}
        aria-busy={loading}
      >
        {view.tab === 'pregled' && (
          <Card className={styles.welcome}>
            <h2>Dobrodošli u administratorski panel</h2>
            <p>
              Ovdje su detaljni podaci o odigranim kvizovima u odabranom razdoblju: uspješnost po stihovima,
              pjesmama i albumima, top liste i najčešće zamjene, dnevni trend te igranja po satima. Odaberite
              karticu iznad. Stupce tablica možete sortirati klikom na zaglavlje.
            </p>
          </Card>
        )}
        {view.tab === 'pregled' && (['lyrics', 'songs', 'albums', 'hourly'] as const).map(unavailable)}
        {view.tab === 'pregled' &&
          (unavailable('scores') ??
            (data.views.scores && (
              <ScoreView
                scores={data.views.scores}
                credentials={credentials}
                range={range}
                onMode={setScoreMode}
              />
            )))}
        {view.tab === 'pregled' &&
          (unavailable('devices') ??
            (data.views.devices && (
              <DevicesView devices={data.views.devices} credentials={credentials} range={range} />
            )))}
        {view.tab === 'stihovi' &&
          (unavailable('lyrics') ?? (
            <Card>
              <LyricFilters
                value={view.lyrics}
                hideUnshown={hideUnshown}
                onChange={filterLyrics}
                matched={shownLyrics.length}
                total={data.lyrics.length}
              />
              {csv('lyrics', 'statistika stihova')}
              <SortableTable
                caption="Statistika stihova"
                columns={lyricColumns}
                rows={shownLyrics}
                rowKey={(l) => l.lyricId}
                countHeaders={lyricCounts}
                pageSize={view.lyrics.pageSize}
                empty="Nijedan stih ne odgovara pretraživanju."
                unshown="nije prikazan"
                detail={{
                  label: 'Zamjene',
                  render: (l) => (
                    <ConfusionDetail credentials={credentials} range={range} scope={{ lyricId: l.lyricId }} />
                  ),
                }}
                {...table('stihovi')}
              />
            </Card>
          ))}
        {view.tab === 'pjesme' &&
          (unavailable('songs') ?? (
            <Card>
              {csv('songs', 'statistika pjesama')}
              <SortableTable
                caption="Statistika pjesama"
                unshown="nije prikazana"
                columns={songColumns}
                rows={data.songs}
                rowKey={(s) => s.songId}
                countHeaders={otherCounts}
                pageSize={DEFAULT_PAGE_SIZE}
                detail={{
                  label: 'Zamjene',
                  render: (s) => (
                    <ConfusionDetail credentials={credentials} range={range} scope={{ songId: s.songId }} />
                  ),
                }}
                {...table('pjesme')}
              />
            </Card>
          ))}
        {view.tab === 'albumi' &&
          (unavailable('albums') ?? (
            <Card>
              {csv('albums', 'statistika albuma')}
              <SortableTable
                caption="Statistika albuma"
                unshown="nije prikazan"
                columns={albumColumns}
                rows={data.albums}
                rowKey={(a) => a.albumId}
                countHeaders={otherCounts}
                pageSize={DEFAULT_PAGE_SIZE}
                {...table('albumi')}
              />
            </Card>
          ))}
        {view.tab === 'top' && (
          <div className={styles.topGrid}>
            {unavailable('lyrics') ?? (
              <TopListPair
                items={data.lyrics}
                minOccurrences={ADMIN_MIN_OCCURRENCES}
                columns={lyricTopColumns}
                rowKey={(l) => l.lyricId}
                captions={['Stihovi s najvišim postotkom', 'Stihovi s najnižim postotkom']}
              />
            )}
            {unavailable('songs') ?? (
              <TopListPair
                items={data.songs}
                minOccurrences={ADMIN_MIN_OCCURRENCES}
                columns={songTopColumns}
                rowKey={(s) => s.songId}
                captions={['Pjesme s najvišim postotkom', 'Pjesme s najnižim postotkom']}
              />
            )}
          </div>
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
            <DailyTrend points={data.views.daily} credentials={credentials} range={range} />
          ))}
        {view.tab === 'vrijeme' &&
          (unavailable('hourly') ?? (
            <Card className={styles.view}>
              <div className={styles.sectionHeading}>
                <h2 className={styles.sectionTitle}>Igranja po satima</h2>
                <CsvButton credentials={credentials} table="hourly" range={range} label="igranja po satima" />
              </div>
              <HourlyCharts
                hourly={data.hourly}
                uniquePlayers={view.range.preset === 'sve' ? data.overview.uniquePlayers : null}
                playersThrough={data.playersThrough}
                period={
                  data.days.from === null ? 'sve' : formatRange({ from: data.days.from, to: data.days.to })
                }
              />
            </Card>
          ))}
      </div>
      <Toaster toast={toast} onDismiss={dismiss} />
    </div>
  );
}
