import { type AlbumStat, albumWithYear, type LyricStat, orUnknown, type SongStat } from '../../lib/stats';
import type { TopColumn } from './TopTable';

/**
 * The columns of the top lists (docs/product.md#top-lists), shared by the public statistics and the
 * dashboard.
 */
export const lyricTopColumns: TopColumn<LyricStat>[] = [
  { header: 'Stih', cell: (l) => l.text },
  { header: 'Pjesma (album)', cell: (l) => `${orUnknown(l.songTitle)} (${orUnknown(l.albumTitle)})` },
];

export const songTopColumns: TopColumn<SongStat>[] = [
  { header: 'Pjesma', cell: (s) => orUnknown(s.title) },
  { header: 'Album (godina)', cell: (s) => albumWithYear(s.albumTitle, s.albumYear) },
];

export const albumTopColumns: TopColumn<AlbumStat>[] = [{ header: 'Album', cell: (a) => orUnknown(a.title) }];
