import { Elysia } from 'elysia';
import { productTitle } from '../web/lib/page-props';
import type { AdminCredentials } from './admin/credentials';
import { adminRoutes } from './admin/routes';
import type { CatalogueIndex } from './catalogue/index';
import type { Config } from './config';
import type { Db } from './db/client';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { bodyParser } from './http/body-parser';
import { errorHandler } from './http/error-handler';
import { createRateLimiter, type RateLimiter } from './http/rate-limit';
import { requestLog } from './http/request-log';
import { securityHeadersPlugin } from './http/security-headers';
import type { Logger } from './logger';
import type { ClientAssets } from './pages/client-assets';
import { pageRoutes, renderNotFound } from './pages/routes';
import { quizRoutes } from './quiz/routes';
import { type CachedStatsJson, createCachedStatsJson } from './stats/cached-reads';
import { createStatsReader, type StatsReader } from './stats/read';
import { createGroupCommit, createPlayRecorder, type GroupCommit } from './stats/record';
import { statsRoutes } from './stats/routes';
import { createStatsVersion, type StatsVersion } from './stats/version';
import { version } from './version';

export interface Clock {
  nowMs(): number;
  nowSeconds(): number;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowSeconds: () => Math.floor(Date.now() / 1000),
};

/** Everything the app needs from outside, passed in so tests can build one on an in-memory database. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** The catalogue this process serves (fixed until a restart: docs/decisions/003). */
  catalogue: () => CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
  admin: AdminCredentials;
  /** The built client (scripts, styles); `emptyAssets` when there is none (API-only tests). */
  assets: ClientAssets;
  clock: Clock;
  log: Logger;
}

/** What the routes receive: the dependencies plus the services built from them once. */
export interface AppServices extends AppDeps {
  stats: StatsReader;
  recordPlay: GroupCommit;
  /** Changes after every committed batch of plays; response caches are keyed on it. */
  statsVersion: StatsVersion;
  /** Statistics reads as cached JSON (one serialization per statistics version). */
  statsJson: CachedStatsJson;
  quizLimiter: RateLimiter;
  submitLimiter: RateLimiter;
  adminFailures: RateLimiter;
}

/** The whole HTTP application; `main.ts` listens with it, tests call `app.handle()`. */
export function createApp(deps: AppDeps) {
  const { config, clock } = deps;
  const stats = createStatsReader(deps.db);
  const statsVersion = createStatsVersion();
  const services: AppServices = {
    ...deps,
    stats,
    statsVersion,
    statsJson: createCachedStatsJson(stats, statsVersion),
    recordPlay: createGroupCommit(createPlayRecorder(deps.db, deps.secrets.playerSalt), statsVersion.bump),
    quizLimiter: createRateLimiter(config.rateLimitQuizPerMinute, 60_000, clock.nowMs),
    submitLimiter: createRateLimiter(config.rateLimitSubmitPerMinute, 60_000, clock.nowMs),
    adminFailures: createRateLimiter(config.rateLimitAdminFailuresPer15Minutes, 15 * 60_000, clock.nowMs),
  };
  const title = productTitle(deps.catalogue().artist);
  let notFoundHtml: string | undefined; // the same page for every unknown path
  return new Elysia({ name: 'kviz' })
    .use(requestLog(deps.log))
    .use(securityHeadersPlugin)
    .use(errorHandler(deps.log, () => (notFoundHtml ??= renderNotFound(services, deps.assets))))
    .use(bodyParser)
    .use(docsRoutes(title, version))
    .use(healthRoutes(services))
    .use(quizRoutes(services))
    .use(statsRoutes(services))
    .use(adminRoutes(services))
    .use(pageRoutes(services, deps.assets));
}

export type App = ReturnType<typeof createApp>;
