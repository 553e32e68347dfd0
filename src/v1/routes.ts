import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Config } from '../config';
import { createDailyService, type DailyService } from '../daily/service';
import { encodeJson } from '../http/encoded-body';
import { limiterKeyOf, type RateLimits } from '../http/rate-limit';
import type { SubmitOutcome } from '../play/service';
import type { DifficultySelection } from '../quiz/difficulty-selection';
import { headOfIssue } from '../quiz/head';
import { createQuiz } from '../quiz/service';
import type { SubmitBody } from '../shared/contracts/quiz';
import type { AlbumStat, LyricStat, SongStat } from '../shared/contracts/stats';
import { DEFAULT_DIFFICULTY } from '../shared/difficulty';
import { PLAY_LENGTH } from '../shared/rules';
import { type CachedStatsJson, jsonResponse, type ReadCaching } from '../stats/cached-reads';
import { cachedPerVersion } from '../stats/version-cache';
import type { DailySettings, DailyStore } from '../storage/contract';
import type { Clock } from '../time/clock';
import { createTimeZoneConverter, type LocalTime } from '../time/day';
import { nextDayStart } from '../time/day-end';
import { version } from '../version';
import { v1DailyRoutes } from './daily-routes';
import {
  DIFFICULTY_LIST,
  LinePageQuery,
  PageQuery,
  PercentileParamsV1,
  PercentileQueryV1,
  PlaySubmission,
  type Quiz,
  QuizQueryV1,
} from './openapi';
import {
  createDailyQuizOperation,
  createPlayOperation,
  createQuizOperation,
  getMetaOperation,
  getScorePercentileV1Operation,
  getStatsOverviewOperation,
  listAlbumStatsOperation,
  listLineStatsOperation,
  listSongStatsOperation,
} from './operations';
import {
  asGradedSubmission,
  nextLink,
  type PageQuery as Page,
  pageOf,
  pageQueryOf,
  toAlbumStats,
  toLineStats,
  toOverview,
  toPercentile,
  toSongStats,
  toV1Question,
} from './service';

export interface V1Deps {
  catalogue: () => CatalogueIndex;
  tokenSecret: string;
  config: Pick<Config, 'quizTokenTtlSeconds' | 'playMinSeconds' | 'statsTimezone'>;
  clock: Clock;
  localTime: (epochMs: number) => LocalTime;
  limits: RateLimits;
  selection: () => DifficultySelection | Promise<DifficultySelection>;
  daily: DailyService;
  recorder: {
    submit: (body: SubmitBody, addressKey?: string) => Promise<SubmitOutcome>;
    countIssued: () => void;
  };
  statsJson: CachedStatsJson;
  stats: {
    version: () => string;
    getLyricStats: () => Promise<LyricStat[]>;
    getSongStats: () => Promise<SongStat[]>;
    getAlbumStats: () => Promise<AlbumStat[]>;
  };
  dailySettings: DailySettings;
  dailyStore: DailyStore;
  caching: ReadCaching;
}

const V1 = '/api/v1';

/** What v1 takes from the app's own dependencies (src/app.ts `AppDeps`). */
interface AppParts {
  catalogue: () => CatalogueIndex;
  secrets: { quizToken: string };
  config: V1Deps['config'];
  clock: Clock;
  daily: DailySettings;
  stores: { stats: V1Deps['stats']; daily: DailyStore };
}

/**
 * API v1 over the app's dependencies and what it shares with the unversioned API: the rate
 * limits (one budget per client), the recorder, the statistics caches and the difficulty selection.
 */
export const v1Routes = (
  app: AppParts,
  shared: Pick<V1Deps, 'limits' | 'recorder' | 'statsJson' | 'selection' | 'caching'>,
) =>
  v1RoutesOf({
    catalogue: app.catalogue,
    tokenSecret: app.secrets.quizToken,
    config: app.config,
    clock: app.clock,
    localTime: createTimeZoneConverter(app.config.statsTimezone),
    daily: createDailyService(app.daily),
    dailySettings: app.daily,
    dailyStore: app.stores.daily,
    stats: app.stores.stats,
    ...shared,
  });

/**
 * API v1 (docs/decisions/034): the quiz resource, the graded submission, paged lists and the
 * server's rules, over the same services as the unversioned API.
 */
function v1RoutesOf(deps: V1Deps) {
  const { clock, caching } = deps;
  const expiresAt = (issuedAtSeconds: number) =>
    new Date((issuedAtSeconds + deps.config.quizTokenTtlSeconds) * 1000).toISOString();
  const meta = encodeJson({
    apiVersion: '1',
    serverVersion: version,
    timeZone: deps.config.statsTimezone,
    playLength: PLAY_LENGTH,
    minimumPlaySeconds: deps.config.playMinSeconds,
    tokenLifetimeSeconds: deps.config.quizTokenTtlSeconds,
    difficulties: DIFFICULTY_LIST,
  });
  return new Elysia({ name: 'v1-routes', prefix: V1 })
    .use(deps.limits)
    .get('/meta', ({ request, set }) => jsonResponse(meta, { request, set }, caching), {
      detail: getMetaOperation,
    })
    .get(
      '/quiz',
      async ({ query, request, set }) => {
        if (request.method === 'HEAD') return headOfIssue(set);
        const difficulty = query.difficulty ?? DEFAULT_DIFFICULTY;
        const now = clock.nowSeconds();
        const chosen = difficulty === DEFAULT_DIFFICULTY ? undefined : await deps.selection();
        const quiz = createQuiz(
          deps.catalogue(),
          deps.tokenSecret,
          query.count ?? PLAY_LENGTH,
          now,
          undefined,
          difficulty,
          chosen,
        );
        deps.recorder.countIssued();
        set.headers['cache-control'] = 'no-store';
        return {
          token: quiz.token,
          expiresAt: expiresAt(now),
          difficulty,
          mode: 'free',
          questions: quiz.questions.map(toV1Question),
        } satisfies Quiz;
      },
      { rateLimit: 'quiz', query: QuizQueryV1, detail: createQuizOperation },
    )
    .get(
      '/daily',
      ({ request, set }) => {
        if (request.method === 'HEAD') return headOfIssue(set);
        const nowMs = clock.nowMs();
        const now = clock.nowSeconds();
        const day = deps.localTime(nowMs).day;
        const endsAt = () => new Date(nextDayStart(nowMs, deps.config.statsTimezone)).toISOString();
        const { challenge, token } = deps.daily.issue(deps.catalogue(), day, endsAt, now, deps.tokenSecret);
        deps.recorder.countIssued();
        set.headers['cache-control'] = 'no-store';
        return {
          token,
          expiresAt: expiresAt(now),
          difficulty: DEFAULT_DIFFICULTY,
          mode: 'daily',
          questions: challenge.questions.map(toV1Question),
          daily: { day: challenge.day, number: challenge.number, endsAt: endsAt() },
        } satisfies Quiz;
      },
      { rateLimit: 'quiz', detail: createDailyQuizOperation },
    )
    .post(
      '/plays',
      async ({ body, request, set }) => {
        const graded = asGradedSubmission(deps.catalogue(), body, request.headers.get('user-agent') ?? '');
        // The client's key: the cap on ranked daily plays per address holds here too.
        const outcome = await deps.recorder.submit(graded, limiterKeyOf(request));
        if (outcome.replayed) set.headers['idempotent-replayed'] = 'true';
        return {
          playId: outcome.playId,
          score: outcome.score,
          questionCount: outcome.totalQuestions,
          difficulty: outcome.difficulty,
          mode: outcome.ranked === undefined ? 'free' : 'daily',
          ...(outcome.ranked === undefined ? {} : { ranked: outcome.ranked }),
        };
      },
      { rateLimit: 'submit', body: PlaySubmission, parse: 'json', detail: createPlayOperation },
    )
    .use(v1StatsRoutes(deps))
    .use(
      v1DailyRoutes({
        settings: deps.dailySettings,
        store: deps.dailyStore,
        today: () => deps.localTime(clock.nowMs()).day,
        caching,
      }),
    );
}

/** The public statistics of v1: overview, paged lists, percentile (docs/decisions/034). */
function v1StatsRoutes(deps: V1Deps) {
  const { caching } = deps;
  const lines = cachedPerVersion(deps.stats.version, () => deps.stats.getLyricStats());
  const songs = cachedPerVersion(deps.stats.version, () => deps.stats.getSongStats());
  const albums = cachedPerVersion(deps.stats.version, () => deps.stats.getAlbumStats());
  /** A page as a cacheable answer, with the next page's Link. */
  const sendPage = <Row extends LyricStat | SongStat | AlbumStat, Item>(
    exchange: { request: Request; set: { headers: Record<string, string | number> } },
    rows: Row[],
    query: Page,
    map: (row: Row) => Item,
    path: string,
    extra: Record<string, string> = {},
  ) => {
    const { items, total, next } = pageOf(rows, query);
    const body = encodeJson({ items: items.map(map), total, limit: query.limit, offset: query.offset });
    const headers = next ? { ...caching.headers, link: nextLink(path, next, extra) } : caching.headers;
    return jsonResponse(body, exchange, { ...caching, headers });
  };

  return new Elysia({ name: 'v1-stats-routes' })
    .get(
      '/stats/overview',
      async ({ request, set }) =>
        jsonResponse(
          encodeJson(toOverview(JSON.parse(await textOf(deps.statsJson.overview())))),
          {
            request,
            set,
          },
          caching,
        ),
      { detail: getStatsOverviewOperation },
    )
    .get(
      '/stats/lines',
      async ({ query, request, set }) => {
        const all = await lines();
        const ids = query.ids?.split(',').map(Number);
        const byId = ids ? new Map(all.map((row) => [row.lyricId, row])) : undefined;
        const rows = ids && byId ? [...new Set(ids)].flatMap((id) => byId.get(id) ?? []) : all;
        return sendPage(
          { request, set },
          rows,
          pageQueryOf(query),
          toLineStats,
          `${V1}/stats/lines`,
          query.ids ? { ids: query.ids } : {},
        );
      },
      { query: LinePageQuery, detail: listLineStatsOperation },
    )
    .get(
      '/stats/songs',
      async ({ query, request, set }) =>
        sendPage({ request, set }, await songs(), pageQueryOf(query), toSongStats, `${V1}/stats/songs`),
      { query: PageQuery, detail: listSongStatsOperation },
    )
    .get(
      '/stats/albums',
      async ({ query, request, set }) =>
        sendPage(
          { request, set },
          await albums(),
          pageQueryOf(query),
          toAlbumStats(deps.catalogue()),
          `${V1}/stats/albums`,
        ),
      { query: PageQuery, detail: listAlbumStatsOperation },
    )
    .get(
      '/percentile/:score',
      async ({ params, query, request, set }) => {
        const difficulty = query.difficulty ?? DEFAULT_DIFFICULTY;
        const percentile = JSON.parse(await textOf(deps.statsJson.percentile(params.score, difficulty)));
        return jsonResponse(
          encodeJson(toPercentile(params.score, difficulty, percentile)),
          { request, set },
          caching,
        );
      },
      { params: PercentileParamsV1, query: PercentileQueryV1, detail: getScorePercentileV1Operation },
    );
}

/** The JSON text of a cached statistics answer (encoded once per version for the unversioned API). */
async function textOf(body: ReturnType<CachedStatsJson['overview']>): Promise<string> {
  return new TextDecoder().decode((await body).raw);
}
