/**
 * The 'Stihovi', 'Pjesme' and 'Albumi' tabs: one sortable table each, with its export and, for
 * lines and songs, the confusions of a row; and the top lists of the 'Top' tab. Apart from DashboardIsland so the island stays a
 * layout of its tabs; the columns live with the tables that show them.
 */
import type { ReactNode } from 'react';
import { Card } from '../../components/Card/Card';
import { type Column, SortableTable } from '../../components/Tables/SortableTable';
import { TopListPair } from '../../components/Tables/TopListPair';
import type { TopColumn } from '../../components/Tables/TopTable';
import { lyricTopColumns, songTopColumns } from '../../components/Tables/top-columns';
import type { RangeParams } from '../../lib/api';
import {
  ADMIN_MIN_OCCURRENCES,
  type AlbumStat,
  albumWithYear,
  type LyricStat,
  orUnknown,
  type SongStat,
  type SortState,
} from '../../lib/stats';
import { ConfusionDetail } from './ConfusionDetail';
import * as styles from './DashboardIsland.css';
import { type DashboardView, DEFAULT_PAGE_SIZE, type LyricFilterView } from './dashboard-view';
import * as filterStyles from './filters/Filters.css';
import { FilterButton } from './filters/filter-context';
import { LyricFilters } from './LyricFilters';

/** A row's song and album, each a filter of the whole dashboard (docs/decisions/039). */
const songFilter = (songId: number, title: string) => (
  <FilterButton name="song" value={songId}>
    {orUnknown(title)}
  </FilterButton>
);
const albumFilter = (albumId: number, title: string, year?: number) => (
  <FilterButton name="album" value={albumId}>
    {year === undefined ? orUnknown(title) : albumWithYear(title, year)}
  </FilterButton>
);

const lyricColumns: Column<LyricStat>[] = [
  { key: 'text', header: 'Stih', value: (l) => l.text },
  {
    key: 'song',
    header: 'Pjesma',
    value: (l) => orUnknown(l.songTitle),
    render: (l) => songFilter(l.songId, l.songTitle),
  },
  {
    key: 'album',
    header: 'Album (godina)',
    value: (l) => albumWithYear(l.albumTitle, l.albumYear),
    render: (l) => albumFilter(l.albumId, l.albumTitle, l.albumYear),
  },
];
const songColumns: Column<SongStat>[] = [
  {
    key: 'title',
    header: 'Pjesma',
    value: (s) => orUnknown(s.title),
    render: (s) => songFilter(s.songId, s.title),
  },
  {
    key: 'album',
    header: 'Album (godina)',
    value: (s) => albumWithYear(s.albumTitle, s.albumYear),
    render: (s) => albumFilter(s.albumId, s.albumTitle, s.albumYear),
  },
];
const albumColumns: Column<AlbumStat>[] = [
  {
    key: 'title',
    header: 'Album',
    value: (a) => orUnknown(a.title),
    render: (a) => albumFilter(a.albumId, a.title),
  },
];
/** The top lists' columns of /statistics, with the song and album as filters (the 'Top' tab). */
const lyricTopFilterColumns: TopColumn<LyricStat>[] = [
  lyricTopColumns[0]!,
  {
    header: lyricTopColumns[1]!.header,
    cell: (l) => (
      <>
        {songFilter(l.songId, l.songTitle)}{' '}
        <span className={filterStyles.bracketed}>
          <span className={filterStyles.openBracket}>(</span>
          {albumFilter(l.albumId, l.albumTitle)}
          <span className={filterStyles.closeBracket}>)</span>
        </span>
      </>
    ),
  },
];
const songTopFilterColumns: TopColumn<SongStat>[] = [
  { header: songTopColumns[0]!.header, cell: (s) => songFilter(s.songId, s.title) },
  { header: songTopColumns[1]!.header, cell: (s) => albumFilter(s.albumId, s.albumTitle, s.albumYear) },
];
const lyricCounts: [string, string] = ['Prikazano', 'Točno'];
const otherCounts: [string, string] = ['Pojavljivanja', 'Točni odgovori'];

/** A table's sort and page, kept in the address by the island. */
export interface TableControls {
  sort: SortState<string>;
  onSort: (column: string) => void;
  page: number;
  onPage: (page: number) => void;
}

interface Shared {
  credentials: string;
  range: RangeParams;
  /** The table's export button. */
  csv: ReactNode;
  controls: TableControls;
}

export function LyricsTable({
  view,
  hideUnshown,
  onFilter,
  rows,
  total,
  credentials,
  range,
  csv,
  controls,
}: Shared & {
  view: DashboardView;
  hideUnshown: boolean;
  onFilter: (change: Partial<LyricFilterView>) => void;
  rows: LyricStat[];
  total: number;
}) {
  return (
    <Card>
      <LyricFilters
        value={view.lyrics}
        hideUnshown={hideUnshown}
        onChange={onFilter}
        matched={rows.length}
        total={total}
      />
      {csv}
      <SortableTable
        caption="Statistika stihova"
        columns={lyricColumns}
        rows={rows}
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
        {...controls}
      />
    </Card>
  );
}

export function SongsTable({ rows, credentials, range, csv, controls }: Shared & { rows: SongStat[] }) {
  return (
    <Card>
      {csv}
      <SortableTable
        caption="Statistika pjesama"
        unshown="nije prikazana"
        columns={songColumns}
        rows={rows}
        rowKey={(s) => s.songId}
        countHeaders={otherCounts}
        pageSize={DEFAULT_PAGE_SIZE}
        detail={{
          label: 'Zamjene',
          render: (s) => (
            <ConfusionDetail credentials={credentials} range={range} scope={{ songId: s.songId }} />
          ),
        }}
        {...controls}
      />
    </Card>
  );
}

export function AlbumsTable({
  rows,
  csv,
  controls,
}: Omit<Shared, 'credentials' | 'range'> & { rows: AlbumStat[] }) {
  return (
    <Card>
      {csv}
      <SortableTable
        caption="Statistika albuma"
        unshown="nije prikazan"
        columns={albumColumns}
        rows={rows}
        rowKey={(a) => a.albumId}
        countHeaders={otherCounts}
        pageSize={DEFAULT_PAGE_SIZE}
        {...controls}
      />
    </Card>
  );
}

/** The best and worst lines and songs ('Top'); a list whose read the server refused shows its notice. */
export function TopLists({
  lyrics,
  songs,
  lyricsNotice,
  songsNotice,
}: {
  lyrics: LyricStat[];
  songs: SongStat[];
  lyricsNotice: ReactNode;
  songsNotice: ReactNode;
}) {
  return (
    <div className={styles.topGrid}>
      {lyricsNotice ?? (
        <TopListPair
          items={lyrics}
          minOccurrences={ADMIN_MIN_OCCURRENCES}
          columns={lyricTopFilterColumns}
          rowKey={(l) => l.lyricId}
          captions={['Stihovi s najvišim postotkom', 'Stihovi s najnižim postotkom']}
        />
      )}
      {songsNotice ?? (
        <TopListPair
          items={songs}
          minOccurrences={ADMIN_MIN_OCCURRENCES}
          columns={songTopFilterColumns}
          rowKey={(s) => s.songId}
          captions={['Pjesme s najvišim postotkom', 'Pjesme s najnižim postotkom']}
        />
      )}
    </div>
  );
}
