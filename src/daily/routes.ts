import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { unprocessable } from '../errors';
import { encodeJson } from '../http/encoded-body';
import { keyedPerVersion } from '../http/keyed-cache';
import type { RateLimits } from '../http/rate-limit';
import { headOfIssue } from '../quiz/head';
import { issuedResponse } from '../quiz/issued-response';
import { jsonResponse, type ReadCaching } from '../stats/cached-reads';
import type { DailySettings, DailyStore } from '../storage/contract';
import type { Clock } from '../time/clock';
import { type Day, isDay, type LocalTime } from '../time/day';
import { nextDayStart } from '../time/day-end';
import {
  DAY_MESSAGE,
  DailyChallenge,
  DailyPercentile,
  DailyPercentileParams,
  DailyPercentileQuery,
  DailyStreak,
  DailyStreakQuery,
  DailySummary,
  getDailyOperation,
  getDailyPercentileOperation,
  getDailyStreakOperation,
  getDailySummaryOperation,
} from './openapi';
import { dailyPercentile, dailyStreak, dailySummary } from './reads';
import { challengeNumber, type DailyService } from './service';

export interface DailyRoutesDeps {
  catalogue: () => CatalogueIndex;
  daily: DailyService;
  settings: DailySettings;
  store: DailyStore;
  tokenSecret: string;
  clock: Clock;
  /** Day and hour in STATS_TIMEZONE. */
  localTime: (epochMs: number) => LocalTime;
  timeZone: string;
  limits: RateLimits;
  /** Counts a quiz handed out (quizzes issued per day), in memory. */
  onIssued?: () => void;
  /** How public statistics answers may be cached (STATS_CACHE_MAX_AGE_SECONDS, CORS's Vary). */
  caching: ReadCaching;
}

/** The daily challenge (docs/decisions/021-daily-challenge.md). */
export const dailyRoutes = (deps: DailyRoutesDeps) => {
  const { clock, localTime, store } = deps;
  const today = () => localTime(clock.nowMs()).day;
  /** A requested day: well-formed, a real date, not after today. */
  const requestedDay = (day: string | undefined): Day => {
    const now = today();
    if (day === undefined) return now;
    if (!isDay(day) || day > now) throw unprocessable('invalid_range', DAY_MESSAGE, 'day');
    return day;
  };
  // A day's figures per statistics version, keyed by the day (and score): cacheable with an
  // ETag like every public statistic (docs/decisions/034).
  const summary = keyedPerVersion(deps.caching.version ?? (() => ''), async (day) =>
    encodeJson(await dailySummary(store, day as Day, challengeNumber(deps.settings, day as Day))),
  );
  const percentile = keyedPerVersion(deps.caching.version ?? (() => ''), async (key) => {
    const [day, score] = key.split(':') as [Day, string];
    return encodeJson(await dailyPercentile(store, day, Number(score)));
  });
  return new Elysia({ name: 'daily-routes', prefix: '/api', detail: { tags: ['Daily challenge'] } })
    .use(deps.limits)
    .get(
      '/daily',
      ({ set, request }): Response => {
        if (request.method === 'HEAD') return headOfIssue(set);
        const now = clock.nowMs();
        const day = localTime(now).day;
        const endsAt = () => new Date(nextDayStart(now, deps.timeZone)).toISOString();
        const { body, token } = deps.daily.issue(
          deps.catalogue(),
          day,
          endsAt,
          clock.nowSeconds(),
          deps.tokenSecret,
        );
        deps.onIssued?.();
        return issuedResponse(set, body, token);
      },
      { rateLimit: 'quiz', response: { 200: DailyChallenge }, detail: getDailyOperation },
    )
    .get(
      '/daily/percentile/:score',
      ({ params, query, request, set }) =>
        jsonResponse(
          percentile(`${requestedDay(query.day)}:${params.score}`),
          { request, set },
          deps.caching,
        ),
      {
        params: DailyPercentileParams,
        query: DailyPercentileQuery,
        response: { 200: DailyPercentile },
        detail: getDailyPercentileOperation,
      },
    )
    .get(
      '/daily/streak',
      async ({ query, set }) => {
        set.headers['cache-control'] = 'no-store';
        return dailyStreak(store, query.sessionId, today());
      },
      { query: DailyStreakQuery, response: { 200: DailyStreak }, detail: getDailyStreakOperation },
    )
    .get(
      '/daily/summary',
      ({ request, set }) => jsonResponse(summary(today()), { request, set }, deps.caching),
      {
        response: { 200: DailySummary },
        detail: getDailySummaryOperation,
      },
    );
};
