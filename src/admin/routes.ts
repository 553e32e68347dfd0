import { Type as T } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import type { AppServices } from '../app';
import { unauthorized } from '../errors';
import { clientAddress } from '../http/client-address';
import { ErrorResponse } from '../http/model';
import { jsonResponse } from '../stats/cached-reads';
import { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../stats/model';

const REALM = 'Kviz znanja admin';
const security = [{ basicAuth: [] }];
const denied = { 401: ErrorResponse, 429: ErrorResponse };

/**
 * /api/admin/* — every route requires HTTP Basic credentials, checked on the
 * server. Failed attempts are limited per client address and logged.
 */
export const adminRoutes = ({ config, statsJson, admin, adminFailures, log }: AppServices) =>
  new Elysia({ name: 'admin-routes', prefix: '/api/admin', detail: { tags: ['Admin'], security } })
    .onBeforeHandle(async ({ request, server }) => {
      const address = clientAddress(request, server, config.trustProxy);
      adminFailures.check(address);
      if (await admin.verify(request.headers.get('authorization'))) return;
      adminFailures.count(address);
      log.warn('admin authentication failed', { address, path: new URL(request.url).pathname });
      throw unauthorized(REALM, request.headers.has('x-requested-with'));
    })
    .get('/stats/overview', ({ request }) => jsonResponse(statsJson.overview(), request), {
      response: { 200: Overview, ...denied },
      detail: {
        summary: 'Overview',
        description: 'Totals of all recorded plays. Also the sign-in check of the dashboard.',
      },
    })
    .get('/stats/lyrics', ({ request }) => jsonResponse(statsJson.lyrics(), request), {
      response: { 200: T.Array(LyricStat), ...denied },
      detail: {
        summary: 'Statistics per lyric line',
        description: 'Every line of the catalogue, shown or not.',
      },
    })
    .get('/stats/songs', ({ request }) => jsonResponse(statsJson.songs(), request), {
      response: { 200: T.Array(SongStat), ...denied },
      detail: { summary: 'Statistics per song' },
    })
    .get('/stats/albums', ({ request }) => jsonResponse(statsJson.albums(), request), {
      response: { 200: T.Array(AlbumStat), ...denied },
      detail: { summary: 'Statistics per album' },
    })
    .get('/stats/hourly', ({ request }) => jsonResponse(statsJson.hourly(), request), {
      response: { 200: T.Array(HourlyStat, { minItems: 24, maxItems: 24 }), ...denied },
      detail: {
        summary: 'Plays per hour of day',
        description:
          'Always 24 entries, hours 0–23 in the configured time zone (STATS_TIMEZONE), zeros included.',
      },
    });
