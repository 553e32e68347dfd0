import {
  ApiError,
  getAdminAlbums,
  getAdminHourly,
  getAdminLyrics,
  getAdminOverview,
  getAdminSongs,
  type RangeParams,
} from '../../lib/api';
import {
  type AlbumStat,
  type HourlyRow,
  type LyricStat,
  numericHourly,
  numericOverview,
  type Overview,
  type SongStat,
  withNumericCounts,
} from '../../lib/stats';

/** The reads after the overview, each shown in its own part of the dashboard. */
export type Section = 'lyrics' | 'songs' | 'albums' | 'hourly';

export interface AdminData {
  overview: Overview;
  lyrics: LyricStat[];
  songs: SongStat[];
  albums: AlbumStat[];
  /** All time: plays and distinct players per hour; a range: plays per hour only (no distinct players). */
  hourly: HourlyRow[];
  /** Reads the server refused, with the status it answered: their parts show a notice, not zeros. */
  unavailable: Partial<Record<Section, number>>;
}

/** A read answered 401: the stored credentials are no longer valid. */
export class SignedOut extends Error {}

export const signedOutOn401 = (error: unknown) => {
  throw error instanceof ApiError && error.status === 401 ? new SignedOut() : error;
};

/**
 * The five admin calls, in sequence, each failure handled as docs/product.md#calls-and-failures
 * says. The overview is all-time; the lists and hours are of `range` (none: all time).
 */
export async function loadAdminData(credentials: string, range: RangeParams = {}): Promise<AdminData> {
  const overview = await getAdminOverview(credentials).catch(signedOutOn401);
  const unavailable: AdminData['unavailable'] = {};
  /**
   * A read whose non-OK answer leaves its part empty and marked unavailable instead of failing the
   * dashboard (logged with `label`, or silent without one: docs/product.md#calls-and-failures).
   * A 401 signs out; anything else — the network, bad JSON — still fails the load.
   */
  const orUnavailable = async <T>(section: Section, read: Promise<T[]>, label?: string): Promise<T[]> => {
    try {
      return await read.catch(signedOutOn401);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (label) console.error(label, error.status);
      unavailable[section] = error.status;
      return [];
    }
  };
  // One call after another, never in parallel: each read starts when the previous one ends
  // (docs/product.md#admin-dashboard).
  const lyrics = await orUnavailable('lyrics', getAdminLyrics(credentials, range), 'Statistika stihova:');
  const songs = await orUnavailable('songs', getAdminSongs(credentials, range), 'Statistika pjesama:');
  const albums = await orUnavailable('albums', getAdminAlbums(credentials, range));
  const hourly = await orUnavailable('hourly', getAdminHourly(credentials, range), 'Vremenska statistika:');
  return {
    overview: numericOverview(overview),
    lyrics: withNumericCounts(lyrics),
    songs: withNumericCounts(songs),
    albums: withNumericCounts(albums),
    hourly: numericHourly(hourly),
    unavailable,
  };
}
