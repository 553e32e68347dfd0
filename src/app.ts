import { Elysia } from 'elysia';
import type { AdminCredentials } from './admin/credentials';
import { createAdminDevices } from './admin/devices';
import { createAdminGuard } from './admin/guard';
import { createLiveActivity } from './admin/live/activity';
import { createLiveStream } from './admin/live/stream';
import { adminRoutes } from './admin/routes';
import type { CatalogueIndex } from './catalogue/catalogue-index';
import type { Config } from './config';
import { dailyRoutes } from './daily/routes';
import { createDailyService } from './daily/service';
import { createDailyToday } from './daily/today';
import { healthRoutes } from './health/routes';
import { createStorageHealth } from './health/storage-health';
import { bodyParser } from './http/body-parser';
import { clientAddress, trustedProxyRanges } from './http/client-address';
import { crossOrigin } from './http/cors';
import { deprecation } from './http/deprecation';
import { errorHandler } from './http/error-handler';
import { createIdleTidy } from './http/idle-tidy';
import { type AllowedMethods, allowedMethodsOf } from './http/methods';
import { createRateLimiter, quotaCheck, rateLimits } from './http/rate-limit';
import { logEarlyAnswer, requestLog } from './http/request-log';
import { requestTarget } from './http/request-target';
import { securityHeadersPlugin } from './http/security-headers';
import { createSharedRateLimiter, type Limiter } from './http/shared-limit';
import type { Logger } from './logger';
import type { RouteInfo } from './openapi/document';
import { docsRoutes } from './openapi/routes';
import type { ClientAssets } from './pages/client-assets';
import { pageRoutes, renderNotFound } from './pages/routes';
import { createSystemTimerClock, type TimerClock } from './party/clock';
import { recordFinishedGame } from './party/record';
import { partyRoutes } from './party/routes';
import { createPlayRecorder } from './play/recorder';
import { playRoutes } from './play/routes';
import { createInlineQuiz } from './quiz/inline';
import { quizRoutes } from './quiz/routes';
import { createSelectionCache } from './quiz/selection-cache';
import { PARTY_MAX_MESSAGE_BYTES, PARTY_SOCKET_PATH } from './shared/contracts/party';
import { productTitle } from './shared/rules';
import { createSourceCounter } from './sources/counter';
import { landingSourceOf, ownHostsOf } from './sources/landing';
import { shareRoutes } from './sources/routes';
import { createCachedStatsJson, type ReadCaching } from './stats/cached-reads';
import { statsRoutes } from './stats/routes';
import type { DailySettings, LimitWindows, StatsStores } from './storage/contract';
import type { Clock } from './time/clock';
import { createTimeZoneConverter } from './time/day';
import { v1Routes } from './v1/routes';
import { version } from './version';

/** Everything the app needs from outside, passed in so tests can build one on an in-memory database. */
export interface AppDeps {
  config: Config;
  /** The write and read sides of the statistics. */
  stores: StatsStores;
  /** The catalogue this process serves (fixed until a restart: docs/decisions/003). */
  catalogue: () => CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
  /** The daily challenge's secret and first day, kept in the database (docs/decisions/021). */
  daily: DailySettings;
  admin: AdminCredentials;
  /** Changes when `kviz admin unlock` ran (read from the database). */
  adminUnlockMarker: () => string | undefined | Promise<string | undefined>;
  /** The built client (scripts, styles); `emptyAssets` when there is none (API-only tests). */
  assets: ClientAssets;
  clock: Clock;
  /** Kviz uživo's clock with timers (tests drive it); the system's by default. */
  partyClock?: TimerClock;
  log: Logger;
  /**
   * A small write of its own (a page or more), tried by /healthz while writes fail, so that it
   * sees the disk freed before the next play does. Without it only a real write clears the failure.
   */
  probeWrite?: () => Promise<void>;
  /** Aborted when `kviz serve` stops: open event streams end so the graceful stop need not wait for them. */
  shutdown?: AbortSignal;
  /** Rate-limit windows in the database, shared by every instance (PostgreSQL); absent: in process. */
  limitWindows?: LimitWindows;
  /** How long source counts wait in memory before they are written (5 s; tests: 0). */
  sourcesFlushMs?: number;
}

/** The dashboard's "Igra sada" (docs/decisions/037): the activity the recorder feeds and the stream it is watched by. */
function liveWatch(deps: AppDeps, roomsOpen: () => number) {
  const activity = createLiveActivity(deps.clock.nowMs);
  const stream = createLiveStream({
    activity,
    liveGames: roomsOpen,
    ...(deps.shutdown ? { shutdown: deps.shutdown } : {}),
  });
  return { activity, stream };
}

/**
 * Every rate limiter of the app (docs/decisions/012), kept together so that idle time can expire
 * them all. With `limitWindows` (PostgreSQL) their windows are rows in the database, shared by
 * every instance and kept across restarts (docs/decisions/036); otherwise in process.
 */
function createAppLimits(
  config: Config,
  clock: Clock,
  proxies: ReturnType<typeof trustedProxyRanges>,
  windows: LimitWindows | undefined,
) {
  const limiters: Limiter[] = [];
  const limiter = (scope: string, limit: number, windowMs: number) => {
    const made = windows
      ? createSharedRateLimiter(windows, scope, limit, windowMs, clock.nowMs)
      : createRateLimiter(limit, windowMs, clock.nowMs);
    limiters.push(made);
    return made;
  };
  const inProcess = (made: ReturnType<typeof createRateLimiter>) => {
    limiters.push(made);
    return made;
  };
  const quizLimiters = [limiter('quiz', config.rateLimitQuizPerMinute, 60_000)];
  const limits = rateLimits(
    {
      quiz: quizLimiters,
      // The results page reads its play's lines once a quiz: the quiz's budget, counted apart.
      lines: [limiter('lines', config.rateLimitQuizPerMinute, 60_000)],
      submit: [
        limiter('submit-minute', config.rateLimitSubmitPerMinute, 60_000),
        limiter('submit-hour', config.rateLimitSubmitPerHour, 3_600_000),
      ],
      // In process on every engine: a share press must cost no database write (docs/decisions/040).
      share: [inProcess(createRateLimiter(config.rateLimitSharePerMinute, 60_000, clock.nowMs))],
    },
    proxies,
  );
  // Ranked daily plays per address and day (docs/decisions/012): a key holds its day, so a
  // window of a day is enough for the count to outlive its day.
  const dailyRankLimiter = limiter('daily-ranked', config.rateLimitDailyRankedPerAddress, 86_400_000);
  const adminFailures = limiter('admin-failures', config.rateLimitAdminFailuresPer15Minutes, 15 * 60_000);
  return { limits, quizLimiters, dailyRankLimiter, adminFailures, limiters };
}

/**
 * Whether plays can be recorded (docs/decisions/036). An engine that reads the database in the
 * background (PostgreSQL's version poll) tells of an outage before any request meets it: quizzes
 * stop being handed out within a second.
 */
function appStorageHealth(deps: AppDeps) {
  const storage = createStorageHealth({ probe: deps.probeWrite, log: deps.log });
  deps.stores.stats.onFault?.((error) => storage.failed(error, { reading: 'statistics version' }));
  return storage;
}

/**
 * The methods of each path, worked out from the route table at the first request that asks.
 * Kviz uživo's socket is not an HTTP operation (a WebSocket handshake needs no preflight): it
 * has none, so OPTIONS there is a 404 like any path the API document does not list.
 */
function allowedMethodsFrom(routes: () => readonly RouteInfo[]): AllowedMethods {
  let allowed: AllowedMethods | undefined;
  return (path) => {
    if (path === PARTY_SOCKET_PATH) return undefined;
    allowed ??= allowedMethodsOf(routes());
    return allowed(path);
  };
}

/**
 * The whole HTTP application; `kviz serve` listens with it, tests call `app.handle()`.
 * The one place where services are built and each feature's routes receive
 * only the dependencies they use.
 */
/** Kviz uživo's routes; a finished game is recorded (src/party). */
function livePartyRoutes(
  deps: AppDeps,
  selection: ReturnType<typeof createSelectionCache>,
  proxies: ReturnType<typeof trustedProxyRanges>,
) {
  const { config, stores, catalogue, log } = deps;
  return partyRoutes({
    clock: deps.partyClock ?? createSystemTimerClock(),
    catalogue,
    selection,
    maxRooms: config.partyMaxRooms,
    maxPlayers: config.partyMaxPlayers,
    trustedProxies: proxies,
    roomsPerHour: config.rateLimitPartyRoomsPerHour,
    joinsPerMinute: config.rateLimitPartyJoinsPerMinute,
    maxSocketsPerKey: config.partyMaxSocketsPerAddress,
    codePrefixes: config.partyCodePrefixes,
    ...(deps.shutdown ? { shutdown: deps.shutdown } : {}),
    // At most once a minute; `misrouted` counts the sockets since the previous warning.
    onMisrouted: (code, count) =>
      log.warn(
        'a Kviz uživo socket named a room of another instance: check the proxy against PARTY_CODE_PREFIXES',
        { room: code, prefixes: config.partyCodePrefixes, misrouted: count },
      ),
    onFinished: recordFinishedGame(stores.party, (error) =>
      log.error('could not record a finished live game', { error: String(error) }),
    ),
    onError: (error) =>
      log.error('a Kviz uživo message failed; its socket was closed', {
        error: String((error as Error)?.message ?? error),
      }),
  });
}

/** Recording plays (src/play): the daily ranking's cap per address and "Igra sada" are told of each. */
function appRecorder(
  deps: AppDeps,
  parts: {
    localTime: ReturnType<typeof createTimeZoneConverter>;
    storage: ReturnType<typeof createStorageHealth>;
    dailyRankLimiter: ReturnType<typeof createAppLimits>['dailyRankLimiter'];
    activity: ReturnType<typeof liveWatch>['activity'];
  },
) {
  const { dailyRankLimiter, activity } = parts;
  return createPlayRecorder({
    config: deps.config,
    plays: deps.stores.plays,
    catalogue: deps.catalogue,
    tokenSecret: deps.secrets.quizToken,
    localTime: parts.localTime,
    clock: deps.clock,
    log: deps.log,
    storage: parts.storage,
    dailyRanks: {
      reserve: async (key: string) => (await dailyRankLimiter.consume(key)).allowed,
      release: dailyRankLimiter.release,
    },
    onRecorded: (play) => activity.playRecorded(play.sessionId, play.issuedAtMs, play.recordedAtMs),
    onIssued: activity.quizIssued,
  });
}

/**
 * Where visits come from and the shares (docs/decisions/040): counted in memory, written every few
 * seconds; `visit` is what the pages call for each request a visitor lands with.
 */
function sourceCounting(deps: AppDeps, localTime: ReturnType<typeof createTimeZoneConverter>) {
  const counter = createSourceCounter({
    localTime,
    nowMs: deps.clock.nowMs,
    write: (counts) => deps.stores.sources.add(counts),
    ...(deps.sourcesFlushMs === undefined ? {} : { flushAfterMs: deps.sourcesFlushMs }),
    onError: (error) => deps.log.error('could not write the source counts', { error: String(error) }),
  });
  const ownHosts = ownHostsOf(deps.config.siteUrl);
  const visit = (request: Request) => {
    const source = landingSourceOf(request, ownHosts);
    if (source) counter.visit(source);
  };
  return { counter, visit };
}

/** The administrator's routes (src/admin), behind the admin guard and its lockout. */
function appAdminRoutes(
  deps: AppDeps,
  parts: {
    localTime: ReturnType<typeof createTimeZoneConverter>;
    adminFailures: ReturnType<typeof createAppLimits>['adminFailures'];
    proxies: ReturnType<typeof trustedProxyRanges>;
    statsJson: ReturnType<typeof createCachedStatsJson>;
    party: ReturnType<typeof livePartyRoutes>;
    live: ReturnType<typeof liveWatch>;
  },
) {
  const { config, clock, log, catalogue, stores } = deps;
  const today = () => parts.localTime(clock.nowMs()).day;
  return adminRoutes({
    guard: createAdminGuard({
      credentials: deps.admin,
      devices: createAdminDevices(deps.admin.deviceKey, clock.nowMs),
      failures: parts.adminFailures,
      unlockMarker: deps.adminUnlockMarker,
    }),
    statsJson: parts.statsJson,
    clientAddress: clientAddress(parts.proxies),
    log,
    range: { stats: stores.stats, today, catalogue },
    secureCookies: config.siteUrl.startsWith('https:'),
    catalogue,
    party: { store: stores.party, catalogue },
    live: parts.live.stream,
    sources: { stats: stores.stats, sources: stores.sources, today },
    annotations: { store: stores.annotations, stats: stores.stats, today, nowMs: clock.nowMs },
  });
}

export function createApp(deps: AppDeps) {
  const { config, clock, log, catalogue, stores, assets } = deps;
  const statsJson = createCachedStatsJson(stores.stats);
  const localTime = createTimeZoneConverter(config.statsTimezone);
  const storage = appStorageHealth(deps);
  const proxies = trustedProxyRanges(config);
  const { limits, quizLimiters, dailyRankLimiter, adminFailures, limiters } = createAppLimits(
    config,
    clock,
    proxies,
    deps.limitWindows,
  );
  const selection = createSelectionCache({ catalogue, stats: stores.stats, nowMs: clock.nowMs });
  const party = livePartyRoutes(deps, selection, proxies);
  const live = liveWatch(deps, party.roomsOpen);
  const recorder = appRecorder(deps, { localTime, storage, dailyRankLimiter, activity: live.activity });
  const sources = sourceCounting(deps, localTime);
  let requests = 0;
  // Once a burst is over, ended rate-limit windows are dropped and memory may be given back
  // (src/http/idle-tidy.ts). Kviz uživo's socket messages are activity too: a game carries no
  // HTTP requests and must not meet a collection's pause (a room left open with nobody in it
  // does not keep the memory).
  const idle = createIdleTidy({
    activity: () => requests + party.messagesReceived(),
    tidy: ({ residentBytes, collecting }) => {
      for (const l of limiters) l.expire();
      deps.log.debug(collecting ? 'a burst is over: giving memory back' : 'a burst is over', {
        residentMiB: Math.round(residentBytes / 1024 / 1024),
      });
    },
  });
  const dailyToday = createDailyToday({
    settings: deps.daily,
    store: stores.daily,
    clock,
    localTime,
    timeZone: config.statsTimezone,
  });
  const pages = {
    // The /quiz page's inline quiz: GET /api/quiz's play, limit and count (docs/decisions/032).
    inlineQuiz: {
      allowed: quotaCheck(quizLimiters, proxies),
      create: createInlineQuiz({
        catalogue,
        tokenSecret: deps.secrets.quizToken,
        clock,
        selection,
        onIssued: recorder.countIssued,
      }),
    },
    catalogue,
    config,
    assets,
    log,
    stats: stores.stats,
    daily: dailyToday,
    onVisit: sources.visit,
    clock,
  };
  let notFoundHtml: string | undefined; // the same page for every unknown path
  // The route table is complete once the app is built (below); requests read it.
  let routeTable: () => readonly RouteInfo[] = () => [];
  const allowedMethods = allowedMethodsFrom(() => routeTable());
  const publicCaching = publicCachingOf(config, stores.stats.version);
  // The one WebSocket is Kviz uživo's: Bun closes a frame longer than its longest message (1009).
  const app = new Elysia({ name: 'kviz', websocket: { maxPayloadLength: PARTY_MAX_MESSAGE_BYTES } })
    .onRequest(() => {
      requests++;
    })
    .use(requestLog(log))
    .use(securityHeadersPlugin)
    .use(requestTarget)
    .use(
      crossOrigin({
        origins: config.corsOrigins,
        allowedMethods,
        onAnswer: (context, request, path, status) => logEarlyAnswer(log, context, request, path, status),
      }),
    )
    .use(errorHandler(log, () => (notFoundHtml ??= renderNotFound(pages)), allowedMethods, storage.failed))
    .use(bodyParser(config.requestTimeoutSeconds))
    .use(deprecation(() => routeTable()))
    .use(
      docsRoutes(() => routeTable(), {
        title: productTitle(catalogue().artist),
        version,
        serverUrl: config.siteUrl,
        contact: { name: config.creatorName, url: config.creatorUrl },
      }),
    )
    .use(healthRoutes({ ping: stores.stats.ping, storage }))
    // A graceful stop writes the quiz counts still in memory (the store writes before its first await)
    // and the deferred counters (docs/decisions/025; the next start would count them anyway).
    // A listening server (not app.handle in tests) tidies up while idle: see createIdleTidy.
    .onStart(() => idle.start())
    .onStop(async () => {
      idle.stop();
      await sources.counter.flush();
      return recorder.stop();
    })
    .use(
      quizRoutes({
        catalogue,
        tokenSecret: deps.secrets.quizToken,
        clock,
        limits,
        selection,
        onIssued: recorder.countIssued,
      }),
    )
    .use(
      dailyRoutes({
        catalogue,
        daily: createDailyService(deps.daily),
        settings: deps.daily,
        store: stores.daily,
        tokenSecret: deps.secrets.quizToken,
        clock,
        localTime,
        timeZone: config.statsTimezone,
        limits,
        onIssued: recorder.countIssued,
        caching: publicCaching,
      }),
    )
    .use(playRoutes({ recorder, limits }))
    .use(shareRoutes({ counter: sources.counter, limits }))
    .use(shareRoutes({ counter: sources.counter, limits }, 'v1'))
    .use(statsRoutes({ limits, statsJson, caching: publicCaching, version: stores.stats.version }))
    .use(v1Routes(deps, { limits, recorder, statsJson, selection, caching: publicCaching }))
    .use(appAdminRoutes(deps, { localTime, adminFailures, proxies, statsJson, party, live }))
    .use(party)
    .use(pageRoutes(pages));
  routeTable = () => app.routes;
  return app;
}

/**
 * Public statistics: reusable for a few seconds, then revalidated by ETag (docs/decisions/013);
 * caches keyed by a parameter follow the statistics version (docs/decisions/034).
 */
const publicCachingOf = (config: Config, version: () => string): ReadCaching => ({
  conditional: true,
  version,
  headers: {
    'cache-control': `public, max-age=${config.statsCacheMaxAgeSeconds}`,
    ...(config.corsOrigins.length > 0 && !config.corsOrigins.includes('*') ? { vary: 'Origin' } : {}),
  },
});
