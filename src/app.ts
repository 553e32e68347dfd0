import { Elysia } from 'elysia';
import type { AdminCredentials } from './admin/credentials';
import { createAdminGuard } from './admin/guard';
import { adminRoutes } from './admin/routes';
import type { CatalogueIndex } from './catalogue/catalogue-index';
import type { Clock } from './clock';
import type { Config } from './config';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { bodyParser } from './http/body-parser';
import { clientAddress, trustedProxyRanges } from './http/client-address';
import { errorHandler } from './http/error-handler';
import { createRateLimiter, rateLimits } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { requestTarget } from './http/request-target';
import { securityHeadersPlugin } from './http/security-headers';
import type { Logger } from './logger';
import type { ClientAssets } from './pages/client-assets';
import { pageRoutes, renderNotFound } from './pages/routes';
import { quizRoutes } from './quiz/routes';
import { productTitle } from './shared/rules';
import { createCachedStatsJson } from './stats/cached-reads';
import { createGroupCommit } from './stats/group-commit';
import { statsRoutes } from './stats/routes';
import { submitPlay } from './stats/service';
import type { StatsStores } from './stats/sqlite/stores';
import { version } from './version';

/** Everything the app needs from outside, passed in so tests can build one on an in-memory database. */
export interface AppDeps {
  config: Config;
  /** The write and read sides of the statistics. */
  stores: StatsStores;
  /** The catalogue this process serves (fixed until a restart: docs/decisions/003). */
  catalogue: () => CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
  admin: AdminCredentials;
  /** Changes when `kviz admin unlock` ran (read from the database). */
  adminUnlockMarker: () => string | undefined;
  /** The built client (scripts, styles); `emptyAssets` when there is none (API-only tests). */
  assets: ClientAssets;
  clock: Clock;
  log: Logger;
}

/**
 * The whole HTTP application; `kviz serve` listens with it, tests call `app.handle()`.
 * The one place where services are built and each feature's routes receive
 * only the dependencies they use.
 */
export function createApp(deps: AppDeps) {
  const { config, clock, log, catalogue, stores, assets } = deps;
  const statsJson = createCachedStatsJson(stores.stats);
  const recordPlay = createGroupCommit(stores.plays);
  const proxies = trustedProxyRanges(config);
  const limits = rateLimits(
    {
      quiz: [createRateLimiter(config.rateLimitQuizPerMinute, 60_000, clock.nowMs)],
      submit: [
        createRateLimiter(config.rateLimitSubmitPerMinute, 60_000, clock.nowMs),
        createRateLimiter(config.rateLimitSubmitPerHour, 3_600_000, clock.nowMs),
      ],
    },
    proxies,
  );
  const pages = { catalogue, config, assets, log, stats: stores.stats };
  let notFoundHtml: string | undefined; // the same page for every unknown path
  return new Elysia({ name: 'kviz' })
    .use(requestLog(log))
    .use(securityHeadersPlugin)
    .use(requestTarget)
    .use(errorHandler(log, () => (notFoundHtml ??= renderNotFound(pages))))
    .use(bodyParser(config.requestTimeoutSeconds))
    .use(docsRoutes(productTitle(catalogue().artist), version))
    .use(healthRoutes({ ping: stores.stats.ping }))
    .use(quizRoutes({ catalogue, tokenSecret: deps.secrets.quizToken, clock, limits }))
    .use(
      statsRoutes({
        limits,
        statsJson,
        submit: (body) =>
          submitPlay(
            {
              catalogue: catalogue(),
              tokenSecret: deps.secrets.quizToken,
              tokenTtlSeconds: config.quizTokenTtlSeconds,
              playMinSeconds: config.playMinSeconds,
              timeZone: config.statsTimezone,
              clock,
              record: recordPlay,
            },
            body,
          ),
      }),
    )
    .use(
      adminRoutes({
        guard: createAdminGuard({
          credentials: deps.admin,
          failures: createRateLimiter(config.rateLimitAdminFailuresPer15Minutes, 15 * 60_000, clock.nowMs),
          unlockMarker: deps.adminUnlockMarker,
        }),
        statsJson,
        clientAddress: clientAddress(proxies),
        log,
      }),
    )
    .use(pageRoutes(pages));
}
