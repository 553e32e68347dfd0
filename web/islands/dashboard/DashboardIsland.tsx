import { type KeyboardEvent, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Spinner } from '../../components/Spinner/Spinner';
import { StatsCards } from '../../components/StatsCards/StatsCards';
import { type Column, SortableTable } from '../../components/Tables/SortableTable';
import { TopListPair } from '../../components/Tables/TopListPair';
import { lyricTopColumns, songTopColumns } from '../../components/Tables/top-columns';
import { Toaster, useToast } from '../../components/Toast/Toast';
import {
  ADMIN_MIN_OCCURRENCES,
  type AlbumStat,
  type LyricStat,
  orUnknown,
  type SongStat,
} from '../../lib/stats';
import * as styles from './DashboardIsland.css';
import { HourlyCharts } from './HourlyCharts';
import { useAdminData } from './use-admin-data';

const TABS = [
  { id: 'pregled', label: 'Pregled' },
  { id: 'stihovi', label: 'Statistika stihova' },
  { id: 'pjesme', label: 'Statistika pjesama' },
  { id: 'albumi', label: 'Statistika albuma' },
  { id: 'top', label: 'Top liste' },
  { id: 'vrijeme', label: 'Vremenska statistika' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const lyricColumns: Column<LyricStat>[] = [
  { key: 'text', header: 'Stih', value: (l) => l.text, width: '40%' },
  { key: 'song', header: 'Pjesma', value: (l) => orUnknown(l.songTitle) },
  { key: 'album', header: 'Album (godina)', value: (l) => `${orUnknown(l.albumTitle)} (${l.albumYear})` },
];
const songColumns: Column<SongStat>[] = [
  { key: 'title', header: 'Pjesma', value: (s) => orUnknown(s.title) },
  { key: 'album', header: 'Album (godina)', value: (s) => `${orUnknown(s.albumTitle)} (${s.albumYear})` },
];
const albumColumns: Column<AlbumStat>[] = [
  { key: 'title', header: 'Album', value: (a) => orUnknown(a.title) },
];

/** `/admin/dashboard`: statistics for the administrator, reloaded on every tab change. */
export function DashboardIsland() {
  const [tab, setTab] = useState<TabId>('pregled');
  const { toast, show, dismiss } = useToast();
  const { credentials, data, signOut } = useAdminData(tab, show);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home' || event.key === 'End' || move) {
      event.preventDefault();
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? TABS.length - 1
            : (index + move + TABS.length) % TABS.length;
      setTab(TABS[next]!.id);
      tabRefs.current[next]?.focus();
    }
  };

  if (!credentials || !data.overview)
    return (
      <>
        <Spinner label="Učitavanje statistike..." />
        <Toaster toast={toast} onDismiss={dismiss} />
      </>
    );

  return (
    <div className={styles.dashboard}>
      <div className={styles.header}>
        <h1>Admin Panel</h1>
        <Button variant="secondary" onClick={signOut}>
          Odjavi se
        </Button>
      </div>
      <StatsCards overview={data.overview} />
      <div className={styles.tabScroller}>
        <div className={styles.tabList} role="tablist" aria-label="Statistika">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(t.id)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.panel} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'pregled' && (
          <Card>
            <h2>Dobrodošli u administratorski panel</h2>
            <p>
              Ovdje su detaljni podaci o svim odigranim kvizovima: uspješnost po stihovima, pjesmama i
              albumima, top liste te igranja po satima. Odaberite karticu iznad. Stupce tablica možete
              sortirati klikom na zaglavlje.
            </p>
          </Card>
        )}
        {tab === 'stihovi' && (
          <Card>
            <SortableTable
              caption="Statistika stihova"
              columns={lyricColumns}
              rows={data.lyrics}
              rowKey={(l) => l.lyricId}
              countHeaders={['Prikazano', 'Točno']}
            />
          </Card>
        )}
        {tab === 'pjesme' && (
          <Card>
            <SortableTable
              caption="Statistika pjesama"
              columns={songColumns}
              rows={data.songs}
              rowKey={(s) => s.songId}
              countHeaders={['Pojavljivanja', 'Točni odgovori']}
            />
          </Card>
        )}
        {tab === 'albumi' && (
          <Card>
            <SortableTable
              caption="Statistika albuma"
              columns={albumColumns}
              rows={data.albums}
              rowKey={(a) => a.albumId}
              countHeaders={['Pojavljivanja', 'Točni odgovori']}
            />
          </Card>
        )}
        {tab === 'top' && (
          <div className={styles.topGrid}>
            <TopListPair
              items={data.lyrics}
              minOccurrences={ADMIN_MIN_OCCURRENCES}
              columns={lyricTopColumns}
              rowKey={(l) => l.lyricId}
              captions={['Stihovi s najvišim postotkom', 'Stihovi s najnižim postotkom']}
            />
            <TopListPair
              items={data.songs}
              minOccurrences={ADMIN_MIN_OCCURRENCES}
              columns={songTopColumns}
              rowKey={(s) => s.songId}
              captions={['Pjesme s najvišim postotkom', 'Pjesme s najnižim postotkom']}
            />
          </div>
        )}
        {tab === 'vrijeme' && (
          <Card>
            <HourlyCharts hourly={data.hourly} />
          </Card>
        )}
      </div>
      <Toaster toast={toast} onDismiss={dismiss} />
    </div>
  );
}
