import { describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES } from '../../test/support/engines';
import { createTestApp, type TestApp } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { hourOfDay } from '../time/hour';
import { percentileOf } from './percentile';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function play(app: Pick<TestApp, 'request'>, score: number, player = 1) {
  const res = await submit(app, answerQuiz(await fetchQuiz(app), score, uuid(player)));
  if (res.status !== 200) throw new Error(await res.text());
}

const get = async (app: Pick<TestApp, 'request'>, path: string) => (await app.request(path)).json();

/** The reads that depend on recorded plays run over both engines (docs/decisions/023). */
const appOn = appsClosedAfterFile();

describe('percentile', () => {
  test('on a known histogram, ties counting as not lower', () => {
    const histogram = new Map([
      [10, 1],
      [20, 2],
      [30, 1],
    ]);
    expect(percentileOf(0, histogram)).toEqual({ percentile: 0, samePercent: 0, totalPlayers: 4 });
    expect(percentileOf(10, histogram)).toEqual({ percentile: 0, samePercent: 25, totalPlayers: 4 });
    expect(percentileOf(11, histogram)).toEqual({ percentile: 25, samePercent: 0, totalPlayers: 4 });
    expect(percentileOf(20, histogram)).toEqual({ percentile: 25, samePercent: 50, totalPlayers: 4 });
    expect(percentileOf(30, histogram)).toEqual({ percentile: 75, samePercent: 25, totalPlayers: 4 });
    expect(
      percentileOf(
        5,
        new Map([
          [1, 1],
          [9, 2],
        ]),
      ),
    ).toEqual({ percentile: 33.3, samePercent: 0, totalPlayers: 3 });
  });

  test.each(ENGINES)(
    'through the API (%s): no plays, the first play ever, then a known set',
    async (engine) => {
      const app = await appOn(engine);
      expect(await get(app, '/api/score-percentile/15')).toEqual({
        percentile: 0,
        samePercent: 0,
        totalPlayers: 0,
      });
      await play(app, 15);
      expect(await get(app, '/api/score-percentile/15')).toEqual({
        percentile: 0,
        samePercent: 100,
        totalPlayers: 1,
      });
      for (const score of [10, 20, 20, 30]) await play(app, score);
      expect(await get(app, '/api/score-percentile/20')).toEqual({
        percentile: 40,
        samePercent: 40,
        totalPlayers: 5,
      });
      expect(await get(app, '/api/score-percentile/30')).toEqual({
        percentile: 80,
        samePercent: 20,
        totalPlayers: 5,
      });
    },
    CLUSTER_START_MS,
  );

  test.each(['31', '-1', '2.5', 'abc'])('score %p → 422 naming score', async (score) => {
    const app = await createTestApp();
    const res = await app.request(`/api/score-percentile/${score}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe('score');
  });
});

describe('overview and lists', () => {
  test.each(ENGINES)(
    'overview of a known set of plays (%s)',
    async (engine) => {
      const app = await appOn(engine);
      expect(await get(app, '/api/stats/overview')).toEqual({
        totalAttempts: 0,
        uniquePlayers: 0,
        averageScore: 0,
        averagePercentage: 0,
      });
      await play(app, 10, 1);
      await play(app, 20, 1);
      await play(app, 21, 2);
      expect(await get(app, '/api/stats/overview')).toEqual({
        totalAttempts: 3,
        uniquePlayers: 2,
        averageScore: 17, // (10 + 20 + 21) / 3
        averagePercentage: 56.67, // 51 / 90
      });
    },
    CLUSTER_START_MS,
  );

  test.each(ENGINES)(
    'lyrics, songs and albums list every item, never shown ones with 0, and add up (%s)',
    async (engine) => {
      const app = await appOn(engine);
      const quiz = await fetchQuiz(app);
      await submit(app, answerQuiz(quiz, 12));
      const lyrics = (await get(app, '/api/stats/lyrics')) as {
        lyricId: number;
        occurrences: number;
        correctAnswers: number;
      }[];
      const songs = (await get(app, '/api/stats/songs')) as { occurrences: number; correctAnswers: number }[];
      const albums = (await get(app, '/api/stats/albums')) as {
        occurrences: number;
        correctAnswers: number;
      }[];
      expect([lyrics.length, songs.length, albums.length]).toEqual([120, 12, 3]);
      const sum = (rows: { occurrences: number; correctAnswers: number }[]) =>
        rows.reduce((acc, r) => [acc[0]! + r.occurrences, acc[1]! + r.correctAnswers], [0, 0]);
      for (const rows of [lyrics, songs, albums]) expect(sum(rows)).toEqual([30, 12]);
      const asked = new Set(quiz.questions.map((q) => q.lyricId));
      for (const l of lyrics) expect(l.occurrences).toBe(asked.has(l.lyricId) ? 1 : 0);
      expect(Object.keys(lyrics[0]!).sort()).toEqual([
        'albumId',
        'albumTitle',
        'albumYear',
        'correctAnswers',
        'lyricId',
        'occurrences',
        'songId',
        'songTitle',
        'text',
      ]);
    },
    CLUSTER_START_MS,
  );
});

describe('the lines of one play (GET /api/stats/lines)', () => {
  test.each(ENGINES)(
    'the lines asked, in the order asked, with the counters of the lyric list; unknown ids left out (%s)',
    async (engine) => {
      const app = await appOn(engine);
      const quiz = await fetchQuiz(app);
      const body = answerQuiz(quiz, 12);
      await submit(app, body);
      const ids = quiz.questions.map((q) => q.lyricId);
      const missed = new Map(
        body.answers.filter((a) => !a.isCorrect).map((a) => [a.lyricId, a.selectedSongId]),
      );
      const titles = new Map(app.deps.catalogue().songs.map((s) => [s.id, s.title]));
      const lines = (await get(app, `/api/stats/lines?ids=${[...ids].reverse().join(',')},999999`)) as {
        lyricId: number;
        occurrences: number;
        correctAnswers: number;
        confusedWith?: { songId: number; title: string; times: number };
      }[];
      const lyrics = (await get(app, '/api/stats/lyrics')) as {
        lyricId: number;
        occurrences: number;
        correctAnswers: number;
      }[];
      const byId = new Map(lyrics.map((l) => [l.lyricId, l]));
      expect(lines).toEqual(
        [...ids].reverse().map((lyricId) => ({
          lyricId,
          occurrences: byId.get(lyricId)!.occurrences,
          correctAnswers: byId.get(lyricId)!.correctAnswers,
          // A missed line names the wrong song picked most often for it: here, this play's pick.
          ...(missed.has(lyricId)
            ? {
                confusedWith: {
                  songId: missed.get(lyricId)!,
                  title: titles.get(missed.get(lyricId)!)!,
                  times: 1,
                },
              }
            : {}),
        })),
      );
      expect(lines.filter((l) => l.confusedWith)).toHaveLength(18);
      expect(lines.slice(-12).every((l) => l.correctAnswers === 1)).toBe(true);
    },
    CLUSTER_START_MS,
  );

  test.each(['', 'abc', '1,,2', '1,2,', '-1', Array.from({ length: 51 }, (_, i) => i + 1).join(',')])(
    'ids=%p → 422 naming ids',
    async (ids) => {
      const app = await createTestApp();
      const res = await app.request(`/api/stats/lines?ids=${ids}`);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe('ids');
    },
  );
});

describe('hour of day', () => {
  test('in Europe/Zagreb across the spring daylight-saving change', () => {
    // 30 March 2025: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
    expect(hourOfDay(Date.UTC(2025, 2, 30, 0, 30), 'Europe/Zagreb')).toBe(1);
    expect(hourOfDay(Date.UTC(2025, 2, 30, 1, 30), 'Europe/Zagreb')).toBe(3);
    // 26 October 2025: 03:00 CEST falls back to 02:00 CET (01:00 UTC): hour 2 happens twice.
    expect(hourOfDay(Date.UTC(2025, 9, 26, 0, 30), 'Europe/Zagreb')).toBe(2);
    expect(hourOfDay(Date.UTC(2025, 9, 26, 1, 30), 'Europe/Zagreb')).toBe(2);
    expect(hourOfDay(Date.UTC(2025, 0, 1, 23, 0), 'Europe/Zagreb')).toBe(0);
    expect(hourOfDay(Date.UTC(2025, 0, 1, 23, 0), 'UTC')).toBe(23);
  });

  test.each(ENGINES)(
    'hourly statistics bucket plays in STATS_TIMEZONE, 24 entries with zeros (%s)',
    async (engine) => {
      const app = await appOn(engine);
      app.clock.ms = Date.UTC(2025, 2, 30, 0, 30); // 01:30 in Zagreb
      await play(app, 10, 1);
      app.clock.ms = Date.UTC(2025, 2, 30, 1, 30); // 03:30 in Zagreb, after the change
      await play(app, 10, 1);
      await play(app, 10, 2);
      await play(app, 10, 2);
      const hourly = (await (
        await app.request('/api/admin/stats/hourly', {
          headers: { authorization: `Basic ${btoa('admin:test-password-123')}` },
        })
      ).json()) as { hour: number; attempts: number; uniquePlayers: number }[];
      expect(hourly.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
      expect(hourly.filter((h) => h.attempts > 0)).toEqual([
        { hour: 1, attempts: 1, uniquePlayers: 1 },
        { hour: 3, attempts: 3, uniquePlayers: 2 },
      ]);
    },
    CLUSTER_START_MS,
  );
});
