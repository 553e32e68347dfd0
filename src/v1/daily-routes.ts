import { Elysia } from 'elysia';
import { DAY_MESSAGE, DailyPercentileParams, DailyPercentileQuery, DailyStreakQuery } from '../daily/openapi';
import { dailyPercentile, dailyStreak, dailySummary } from '../daily/reads';
import { challengeNumber } from '../daily/service';
import { unprocessable } from '../errors';
import { encodeJson } from '../http/encoded-body';
import { keyedPerVersion } from '../http/keyed-cache';
import type { DailyPercentile, DailySummary } from '../shared/contracts/daily';
import { jsonResponse, type ReadCaching } from '../stats/cached-reads';
import type { DailySettings, DailyStore } from '../storage/contract';
import { type Day, isDay } from '../time/day';
import type { DailyFigures, DailyScorePercentile } from './daily-openapi';
import {
  getDailyFiguresOperation,
  getDailyScorePercentileOperation,
  getPlayerStreakOperation,
} from './daily-operations';

export interface V1DailyDeps {
  settings: DailySettings;
  store: DailyStore;
  today: () => Day;
  caching: ReadCaching;
}

const accuracy = (correct: number, answers: number) =>
  answers === 0 ? null : Math.round((correct / answers) * 10_000) / 100;

const toDailyPercentile = (score: number, p: DailyPercentile): DailyScorePercentile => ({
  day: p.day,
  score,
  percentile: p.percentile,
  samePercent: p.samePercent,
  plays: p.rankedPlays,
});

const toDailyFigures = (s: DailySummary): DailyFigures => {
  const line = s.yesterdayHardestLine;
  return {
    day: s.day,
    number: s.number,
    plays: s.rankedPlays,
    averageScore: s.averageScore,
    ...(line
      ? {
          yesterdayHardestLine: {
            lyricId: line.lyricId,
            line: line.text,
            answers: line.occurrences,
            correctAnswers: line.correctAnswers,
            accuracy: accuracy(line.correctAnswers, line.occurrences),
          },
        }
      : {}),
  };
};

/**
 * The daily challenge's statistics in v1 (docs/decisions/034): the unversioned reads in the
 * glossary's words, cached per key and statistics version with an ETag like every public statistic.
 */
export function v1DailyRoutes(deps: V1DailyDeps) {
  const { store, caching, today } = deps;
  const version = caching.version ?? (() => '');
  const figures = keyedPerVersion(version, async (day) =>
    encodeJson(
      toDailyFigures(await dailySummary(store, day as Day, challengeNumber(deps.settings, day as Day))),
    ),
  );
  const percentile = keyedPerVersion(version, async (key) => {
    const [day, score] = key.split(':') as [Day, string];
    return encodeJson(toDailyPercentile(Number(score), await dailyPercentile(store, day, Number(score))));
  });
  /** A requested day: well-formed, a real date, not after today (`invalid_range` as everywhere). */
  const requestedDay = (day: string | undefined): Day => {
    const now = today();
    if (day === undefined) return now;
    if (!isDay(day) || day > now) throw unprocessable('invalid_range', DAY_MESSAGE, 'day');
    return day;
  };
  return new Elysia({ name: 'v1-daily-routes' })
    .get(
      '/daily/percentile/:score',
      ({ params, query, request, set }) =>
        jsonResponse(percentile(`${requestedDay(query.day)}:${params.score}`), { request, set }, caching),
      {
        params: DailyPercentileParams,
        query: DailyPercentileQuery,
        detail: getDailyScorePercentileOperation,
      },
    )
    .get(
      '/daily/streak',
      async ({ query, set }) => {
        set.headers['cache-control'] = 'no-store';
        return dailyStreak(store, query.sessionId, today());
      },
      { query: DailyStreakQuery, detail: getPlayerStreakOperation },
    )
    .get('/daily/summary', ({ request, set }) => jsonResponse(figures(today()), { request, set }, caching), {
      detail: getDailyFiguresOperation,
    });
}
