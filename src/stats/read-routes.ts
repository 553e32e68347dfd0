import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import type { ErrorBody } from '../shared/contracts/error';
import { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import { type CachedStatsJson, jsonResponse } from './cached-reads';

interface ReadRoutesOptions {
  /** Statuses a caller can get besides 200 (the admin side's 401 and 429). */
  denied?: Record<number, typeof ErrorBody>;
  /** What differs between the public and the admin description of a read. */
  describe: { overview: string; lyrics: string };
  /** The hourly chart is the administrator's only. */
  hourly: boolean;
}

/**
 * The statistics reads, defined once and mounted twice: at /api/stats
 * (public) and at /api/admin/stats (behind the admin plugin's Basic auth).
 */
export const statisticsReadRoutes = (statsJson: CachedStatsJson, options: ReadRoutesOptions) => {
  const denied = options.denied ?? {};
  const routes = new Elysia({ prefix: '/stats' })
    .get('/overview', ({ request }) => jsonResponse(statsJson.overview(), request), {
      response: { 200: Overview, ...denied },
      detail: { summary: 'Overview', description: options.describe.overview },
    })
    .get('/lyrics', ({ request }) => jsonResponse(statsJson.lyrics(), request), {
      response: { 200: T.Array(LyricStat), ...denied },
      detail: { summary: 'Statistics per lyric line', description: options.describe.lyrics },
    })
    .get('/songs', ({ request }) => jsonResponse(statsJson.songs(), request), {
      response: { 200: T.Array(SongStat), ...denied },
      detail: {
        summary: 'Statistics per song',
        description: 'Occurrences: times the song was the correct answer.',
      },
    })
    .get('/albums', ({ request }) => jsonResponse(statsJson.albums(), request), {
      response: { 200: T.Array(AlbumStat), ...denied },
      detail: { summary: 'Statistics per album' },
    });
  if (!options.hourly) return routes;
  return routes.get('/hourly', ({ request }) => jsonResponse(statsJson.hourly(), request), {
    response: { 200: T.Array(HourlyStat, { minItems: 24, maxItems: 24 }), ...denied },
    detail: {
      summary: 'Plays per hour of day',
      description:
        'Always 24 entries, hours 0–23 in the configured time zone (STATS_TIMEZONE), zeros included.',
    },
  });
};
