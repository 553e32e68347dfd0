import { Elysia } from 'elysia';
import { unauthorized } from '../errors';
import type { clientAddress } from '../http/client-address';
import type { RateLimiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import { ErrorBody } from '../shared/contracts/error';
import type { CachedStatsJson } from '../stats/cached-reads';
import { statisticsReadRoutes } from '../stats/read-routes';
import type { AdminCredentials } from './credentials';

const REALM = 'Kviz znanja admin';
const security = [{ basicAuth: [] }];

export interface AdminRoutesDeps {
  admin: AdminCredentials;
  /** Failed sign-ins per client address. */
  failures: RateLimiter;
  statsJson: CachedStatsJson;
  clientAddress: ReturnType<typeof clientAddress>;
  log: Logger;
}

/**
 * /api/admin/* — every route requires HTTP Basic credentials, checked on the
 * server. Failed attempts are limited per client address and logged.
 */
export const adminRoutes = ({ admin, failures, statsJson, clientAddress, log }: AdminRoutesDeps) =>
  new Elysia({ name: 'admin-routes', prefix: '/api/admin', detail: { tags: ['Admin'], security } })
    .use(clientAddress)
    .onBeforeHandle(async ({ request, clientAddress: address }) => {
      failures.check(address);
      if (await admin.verify(request.headers.get('authorization'))) return;
      failures.count(address);
      log.warn('admin authentication failed', { address, path: new URL(request.url).pathname });
      throw unauthorized(REALM, request.headers.has('x-requested-with'));
    })
    .use(
      statisticsReadRoutes(statsJson, {
        hourly: true,
        denied: { 401: ErrorBody, 429: ErrorBody },
        describe: {
          overview: 'Totals of all recorded plays. Also the sign-in check of the dashboard.',
          lyrics: 'Every line of the catalogue, shown or not.',
        },
      }),
    );
