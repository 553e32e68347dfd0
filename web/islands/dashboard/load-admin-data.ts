import {
  ApiError,
  getAdminAlbums,
  getAdminHourly,
  getAdminLyrics,
  getAdminOverview,
  getAdminSongs,
} from '../../lib/api';
import {
  type AlbumStat,
  type HourlyStat,
  type LyricStat,
  numericHourly,
  numericOverview,
  type Overview,
  type SongStat,
  withNumericCounts,
} from '../../lib/stats';

export interface AdminData {
  overview: Overview | null;
  lyrics: LyricStat[];
  songs: SongStat[];
  albums: AlbumStat[];
  hourly: HourlyStat[];
}

export const emptyAdminData: AdminData = { overview: null, lyrics: [], songs: [], albums: [], hourly: [] };

/** The overview answered 401: the stored credentials are no longer valid. */
export class SignedOut extends Error {}

/**
 * A read whose non-OK answer leaves its tab empty instead of failing the dashboard (spec §8:
 * logged with `label`, or silent without one). Anything else — the network, bad JSON — still fails it.
 */
async function emptyOnRefusal<T>(read: Promise<T[]>, label?: string): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (label) console.error(label, error.status);
    return [];
  }
}

/** The five admin calls, in sequence (spec §7), with the spec's handling of each failure (§8). */
export async function loadAdminData(credentials: string): Promise<AdminData> {
  const overview = await getAdminOverview(credentials).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 401 ? new SignedOut() : error;
  });
  // One call after another, as the spec has them: each read starts when the previous one ends.
  return {
    overview: numericOverview(overview),
    lyrics: withNumericCounts(await emptyOnRefusal(getAdminLyrics(credentials), 'Statistika stihova:')),
    songs: withNumericCounts(await emptyOnRefusal(getAdminSongs(credentials), 'Statistika pjesama:')),
    albums: withNumericCounts(await emptyOnRefusal(getAdminAlbums(credentials))),
    hourly: numericHourly(await emptyOnRefusal(getAdminHourly(credentials), 'Vremenska statistika:')),
  };
}
