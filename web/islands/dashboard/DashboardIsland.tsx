import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { type Column, SortableTable } from '../../components/DataTable/SortableTable';
import { TopListPair } from '../../components/DataTable/TopListPair';
import { lyricTopColumns, songTopColumns } from '../../components/DataTable/top-columns';
import { Spinner } from '../../components/Spinner/Spinner';
import { StatsCards } from '../../components/StatsCards/StatsCards';
import { Toaster, type ToastMessage, useToast } from '../../components/Toast/Toast';
import { adminFetch, clearCredentials, FLASH_KEY, readCredentials } from '../../lib/admin';
import {
  ADMIN_MIN_OCCURRENCES,
  type AlbumStat,
  type HourlyStat,
  type LyricStat,
  numericHourly,
  numericOverview,
  type Overview,
  orUnknown,
  type SongStat,
  withNumericCounts,
} from '../../lib/stats';
import * as styles from './DashboardIsland.css';
import { HourlyCharts } from './HourlyCharts';

const TABS = [
  { id: 'pregled', label: 'Pregled' },
  { id: 'stihovi', label: 'Statistika stihova' },
  { id: 'pjesme', label: 'Statistika pjesama' },
  { id: 'albumi', label: 'Statistika albuma' },
  { id: 'top', label: 'Top liste' },
  { id: 'vrijeme', label: 'Vremenska statistika' },
] as const;
type TabId = (typeof TABS)[number]['id'];

interface AdminData {
  overview: Overview | null;
  lyrics: LyricStat[];
  songs: SongStat[];
  albums: AlbumStat[];
  hourly: HourlyStat[];
}
const emptyData: AdminData = { overview: null, lyrics: [], songs: [], albums: [], hourly: [] };

class SignedOut extends Error {}

/** The five admin calls, in sequence (spec §7), with the spec's handling of each failure (§8). */
async function loadAdminData(credentials: string): Promise<AdminData> {
  const overviewResponse = await adminFetch('/api/admin/stats/overview', credentials);
  if (overviewResponse.status === 401) throw new SignedOut();
  if (!overviewResponse.ok) throw new Error(`${overviewResponse.status}: ${await overviewResponse.text()}`);
  const data: AdminData = { ...emptyData, overview: numericOverview(await overviewResponse.json()) };
  const lyrics = await adminFetch('/api/admin/stats/lyrics', credentials);
  if (lyrics.ok) data.lyrics = withNumericCounts(await lyrics.json());
  else console.error('Statistika stihova:', lyrics.status);
  const songs = await adminFetch('/api/admin/stats/songs', credentials);
  if (songs.ok) data.songs = withNumericCounts(await songs.json());
  else console.error('Statistika pjesama:', songs.status);
  const albums = await adminFetch('/api/admin/stats/albums', credentials);
  if (albums.ok) data.albums = withNumericCounts(await albums.json());
  const hourly = await adminFetch('/api/admin/stats/hourly', credentials);
  if (hourly.ok) data.hourly = numericHourly(await hourly.json());
  else console.error('Vremenska statistika:', hourly.status);
  return data;
}

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
  const [credentials, setCredentials] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('pregled');
  const [data, setData] = useState<AdminData>(emptyData);
  const { toast, show, dismiss } = useToast();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const stored = readCredentials();
    if (!stored) {
      location.replace('/admin');
      return;
    }
    setCredentials(stored);
    const flash = sessionStorage.getItem(FLASH_KEY);
    if (flash) {
      sessionStorage.removeItem(FLASH_KEY);
      show(JSON.parse(flash) as ToastMessage);
    }
  }, [show]);

  const signOut = useCallback(() => {
    clearCredentials();
    location.assign('/admin');
  }, []);

  // Spec §4: every tab change reloads all admin data (`tab` is a dependency on purpose).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reload is triggered by the tab
  useEffect(() => {
    if (!credentials) return;
    let cancelled = false;
    loadAdminData(credentials)
      .then((loaded) => {
        if (!cancelled) setData(loaded);
      })
      .catch((error: unknown) => {
        if (error instanceof SignedOut) return signOut();
        console.error(error);
        if (!cancelled)
          show({
            title: 'Greška',
            description: 'Došlo je do pogreške prilikom učitavanja podataka.',
            variant: 'destructive',
          });
      });
    return () => {
      cancelled = true;
    };
  }, [credentials, tab, show, signOut]);

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
