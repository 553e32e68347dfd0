import { Elysia } from 'elysia';
import type { AdminCredentials } from './admin/credentials';
import { adminRoutes } from './admin/routes';
import type { CatalogueIndex } from './catalogue/catalogue-index';
import type { Clock } from './clock';
import type { Config } from './config';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { bodyParser } from './http/body-parser';
import { clientAddress } from './http/client-address';
import { errorHandler } from './http/error-handler';
import { createRateLimiter, rateLimits } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { securityHeadersPlugin } from './http/security-headers';
import type { Logger } from './logger';
import type { ClientAssets } from './pages/client-assets';
import { pageRoutes, renderNotFound } from './pages/routes';
import { quizRoutes } from './quiz/routes';
import { productTitle } from './shared/rules';
import { createCachedStatsJson } from './stats/cached-reads';
import { createLocalClock } from './stats/day';
import { createDeviceClassifier } from './stats/device';
import { createGroupCommit } from './stats/group-commit';
import { createQuizzesIssued } from './stats/quizzes-issued';
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
  const localTime = createLocalClock(config.statsTimezone);
  const classifyDevice = createDeviceClassifier();
  const quizzesIssued = createQuizzesIssued({
    localTime,
    nowMs: clock.nowMs,
    write: (counts) => stores.plays.recordPlays([], counts),
    onError: (error) => log.error('could not write the quizzes issued', { error: String(error) }),
  });
  const recordPlay = createGroupCommit(stores.plays, quizzesIssued);
  const limits = rateLimits(
    {
      quiz: createRateLimiter(config.rateLimitQuizPerMinute, 60_000, clock.nowMs),
      submit: createRateLimiter(config.rateLimitSubmitPerMinute, 60_000, clock.nowMs),
    },
    config.trustProxy,
  );
  const pages = { catalogue, config, assets, log, stats: stores.stats };
  let notFoundHtml: string | undefined; // the same page for every unknown path
  return (
    new Elysia({ name: 'kviz' })
      .use(requestLog(log))
      .use(securityHeadersPlugin)
      .use(errorHandler(log, () => (notFoundHtml ??= renderNotFound(pages))))
      .use(bodyParser)
      .use(docsRoutes(productTitle(catalogue().artist), version))
      .use(healthRoutes({ ping: stores.stats.ping }))
      // A graceful stop writes the quiz counts still in memory (the store writes before its first await).
      .onStop(() => quizzesIssued.flush())
      .use(
        quizRoutes({
          catalogue,
          tokenSecret: deps.secrets.quizToken,
          clock,
          limits,
          onIssued: quizzesIssued.count,
        }),
      )
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
                localTime,
                classifyDevice,
                clock,
                record: recordPlay,
              },
              body,
            ),
        }),
      )
      .use(
        adminRoutes({
          admin: deps.admin,
          failures: createRateLimiter(config.rateLimitAdminFailuresPer15Minutes, 15 * 60_000, clock.nowMs),
          statsJson,
          clientAddress: clientAddress(config.trustProxy),
          log,
        }),
      )
      .use(pageRoutes(pages))
  );
}
