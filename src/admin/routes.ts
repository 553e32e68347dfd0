import { Elysia } from 'elysia';
import { AppError } from '../errors';
import { createLimiterKeyCache } from '../http/address';
import type { clientAddress } from '../http/client-address';
import { pathOf } from '../http/request-target';
import type { Logger } from '../logger';
import { partyAdminRoutes } from '../party/admin-routes';
import type { CachedStatsJson } from '../stats/cached-reads';
import { type RangeDeps, statisticsReadRoutes } from '../stats/read-routes';
import type { AdminGuard } from './guard';
import { adminRangeRoutes } from './range-routes';

export interface AdminRoutesDeps {
  guard: AdminGuard;
  statsJson: CachedStatsJson;
  clientAddress: ReturnType<typeof clientAddress>;
  log: Logger;
  /** The date-range reads and exports of the dashboard (docs/decisions/019). */
  range: RangeDeps;
  /** The "Uživo" tab's reads (docs/decisions/031). */
  party: Parameters<typeof partyAdminRoutes>[0];
}

/** Admin answers stay out of every cache: a signed-out browser must not keep them on disk. */
const privateHeaders = { 'cache-control': 'no-store, private', vary: 'Accept-Encoding, Authorization' };
/** The same for the cached reads' own responses (their body helper adds Accept-Encoding to Vary). */
const privateReadCaching = {
  headers: { 'cache-control': privateHeaders['cache-control'], vary: 'Authorization' },
  conditional: false,
};

/**
 * /api/admin/* — every route requires HTTP Basic credentials, checked on the
 * server by the lockout policy of `guard`. Failed attempts are logged.
 */
export const adminRoutes = ({ guard, statsJson, clientAddress, log, range, party }: AdminRoutesDeps) => {
  // An address parsed once, not on every request: parsing was a visible share of an admin read's
  // CPU (docs/performance.md#figures-behind-code-comments).
  const limiterKey = createLimiterKeyCache();
  return (
    new Elysia({ name: 'admin-routes', prefix: '/api/admin', detail: { tags: ['Admin'] } })
      .use(clientAddress)
      .onBeforeHandle(async ({ request, set, clientAddress: address }) => {
        Object.assign(set.headers, privateHeaders);
        try {
          await guard.admit(
            limiterKey(address),
            request.headers.get('authorization'),
            request.headers.has('x-requested-with'),
          );
        } catch (error) {
          if (error instanceof AppError) {
            error.headers = { ...error.headers, ...privateHeaders };
            if (error.status === 401 && request.headers.has('authorization'))
              log.warn('admin authentication failed', { address, path: pathOf(request) });
          }
          throw error;
        }
      })
      // A ready Response (cached JSON, a CSV) keeps its own headers over `set`: the reads build
      // theirs with these already (cheaper than setting them afterwards); any other gets them here.
      .onAfterHandle(({ responseValue }) => {
        if (
          responseValue instanceof Response &&
          responseValue.headers.get('cache-control') !== privateHeaders['cache-control']
        )
          for (const [name, value] of Object.entries(privateHeaders)) responseValue.headers.set(name, value);
      })
      .use(statisticsReadRoutes(statsJson, { access: 'admin', range, caching: privateReadCaching }))
      .use(adminRangeRoutes(range))
      .use(partyAdminRoutes(party))
  );
};
