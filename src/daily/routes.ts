import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { unprocessable } from '../errors';
import type { RateLimits } from '../http/rate-limit';
import { QUIZ_TOKEN_HEADER } from '../shared/rules';
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
} from './model';
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
}

/** The daily challenge (docs/decisions/021-daily-challenge.md). */
export const dailyRoutes = (deps: DailyRoutesDeps) => {
  const { clock, localTime, store } = deps;
  const today = () => localTime(clock.nowMs()).day;
  /** A requested day: well-formed, a real date, not after today. */
  const requestedDay = (day: string | undefined): Day => {
    const now = today();
    if (day === undefined) return now;
    if (!isDay(day) || day > now) throw unprocessable('validation_failed', DAY_MESSAGE, 'day');
    return day;
  };
  return new Elysia({ name: 'daily-routes', prefix: '/api', detail: { tags: ['Daily challenge'] } })
    .use(deps.limits)
    .get(
      '/daily',
      ({ set }): Response => {
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
        // The day's bytes as they are, like the quiz's (docs/decisions/026): Elysia neither
        // validates nor serializes a Response (the schema below documents it).
        const response = new Response(body, {
          headers: {
            ...(set.headers as Record<string, string>),
            'content-type': 'application/json; charset=utf-8',
            [QUIZ_TOKEN_HEADER]: token,
            'cache-control': 'no-store',
          },
        });
        set.headers = {};
        return response;
      },
      { rateLimit: 'quiz', response: { 200: DailyChallenge }, detail: getDailyOperation },
    )
    .get(
      '/daily/percentile/:score',
      async ({ params, query, set }) => {
        set.headers['cache-control'] = 'no-store';
        return dailyPercentile(store, requestedDay(query.day), params.score);
      },
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
      async ({ set }) => {
        set.headers['cache-control'] = 'no-store';
        const day = today();
        return dailySummary(store, day, challengeNumber(deps.settings, day));
      },
      { response: { 200: DailySummary }, detail: getDailySummaryOperation },
    );
};
