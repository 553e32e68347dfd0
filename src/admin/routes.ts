import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { AppError } from '../errors';
import { createLimiterKeyCache } from '../http/address';
import type { clientAddress } from '../http/client-address';
import { pathOf } from '../http/request-target';
import type { Logger } from '../logger';
import { partyAdminRoutes } from '../party/admin-routes';
import { type SourcesRoutesDeps, sourcesAdminRoutes } from '../sources/admin-routes';
import type { CachedStatsJson } from '../stats/cached-reads';
import { type RangeDeps, statisticsReadRoutes } from '../stats/read-routes';
import { v1DashboardRoutes } from '../v1/admin-dashboard-routes';
import { v1AdminRoutes } from '../v1/admin-routes';
import { type AnnotationRoutesDeps, annotationRoutes } from './annotations/routes';
import { deviceCookie, deviceTokenOf } from './devices';
import type { AdminGuard } from './guard';
import { liveRoutes } from './live/routes';
import type { LiveStream } from './live/stream';
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
  /** The device cookie is sent over HTTPS only (SITE_URL is https). */
  secureCookies: boolean;
  /** The catalogue (v1's albums carry their year). */
  catalogue: () => CatalogueIndex;
  /** "Igra sada", the dashboard's live card (docs/decisions/037). */
  live: LiveStream;
  /** The administrator's notes on dates (docs/decisions/037). */
  annotations: AnnotationRoutesDeps;
  /** 'Izvori': where visits come from, the shares and the funnel (docs/decisions/040). */
  sources: SourcesRoutesDeps;
}

/** The request's context after a sign-in that issued a device cookie (the ready Responses need it too). */
interface DeviceContext {
  deviceCookie?: string;
}

/** Admin answers stay out of every cache: a signed-out browser must not keep them on disk. */
const privateHeaders = { 'cache-control': 'no-store, private', vary: 'Accept-Encoding, Authorization' };
/** The same for the cached reads' own responses (their body helper adds Accept-Encoding to Vary). */
const privateReadCaching = {
  headers: { 'cache-control': privateHeaders['cache-control'], vary: 'Authorization' },
  conditional: false,
};

/**
 * /api/admin/* and /api/v1/admin/* — every route requires HTTP Basic credentials, checked on
 * the server by the lockout policy of `guard` (one policy for both). Failed attempts are logged.
 */
export const adminRoutes = (deps: AdminRoutesDeps) => {
  // An address parsed once, not on every request: parsing was a visible share of an admin read's
  // CPU (docs/performance.md#figures-behind-code-comments).
  const limiterKey = createLimiterKeyCache();
  const { statsJson, range, party, live, annotations, sources } = deps;
  return new Elysia({ name: 'admin-routes' })
    .use(
      guarded(deps, limiterKey, '/api/admin', ['Admin'])
        .use(statisticsReadRoutes(statsJson, { access: 'admin', range, caching: privateReadCaching }))
        .use(adminRangeRoutes(range))
        .use(partyAdminRoutes(party))
        .use(liveRoutes(live))
        .use(annotationRoutes(annotations))
        .use(sourcesAdminRoutes(sources)),
    )
    .use(
      guarded(deps, limiterKey, '/api/v1/admin', ['Admin (v1)'])
        .use(v1AdminRoutes({ stats: range.stats, catalogue: deps.catalogue, today: range.today }))
        .use(v1DashboardRoutes({ range, party, live, annotations })),
    );
};

/** The routes of one admin prefix behind the guard, their answers private. */
function guarded(
  { guard, clientAddress, log, secureCookies }: AdminRoutesDeps,
  limiterKey: ReturnType<typeof createLimiterKeyCache>,
  prefix: string,
  tags: string[],
) {
  return (
    new Elysia({ prefix, detail: { tags } })
      .use(clientAddress)
      .onBeforeHandle(async (context) => {
        const { request, set, clientAddress: address } = context;
        Object.assign(set.headers, privateHeaders);
        try {
          const { newDevice } = await guard.admit(
            limiterKey(address),
            request.headers.get('authorization'),
            request.headers.has('x-requested-with'),
            deviceTokenOf(request.headers.get('cookie')),
          );
          if (newDevice) {
            const cookie = deviceCookie(newDevice, secureCookies);
            set.headers['set-cookie'] = cookie;
            (context as DeviceContext).deviceCookie = cookie;
          }
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
      .onAfterHandle((context) => {
        const { responseValue } = context;
        if (!(responseValue instanceof Response)) return;
        if (responseValue.headers.get('cache-control') !== privateHeaders['cache-control'])
          for (const [name, value] of Object.entries(privateHeaders)) responseValue.headers.set(name, value);
        const cookie = (context as DeviceContext).deviceCookie;
        if (cookie) responseValue.headers.append('set-cookie', cookie);
      })
  );
}
