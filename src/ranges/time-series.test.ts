import { beforeAll, describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES, warmEngine } from '../../test/support/engines';
import type { TestApp } from '../../test/support/fixtures';
import { answerQuiz, type FetchedQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { createQuizzesIssued } from '../play/quizzes-issued';
import {
  getDailySeries,
  getLineConfusions,
  getRangeSummary,
  getScoreDistribution,
  getSongConfusions,
  getTopConfusions,
} from './range-reads';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** Plays one quiz at `atMs`: the first `correct` answers right, the others pick `wrong(question)`. */
async function playAt(
  app: Pick<TestApp, 'clock' | 'request'>,
  atMs: number,
  options: {
    player?: number;
    correct?: number;
    userAgent?: string;
    wrong?: (q: FetchedQuiz['questions'][number]) => number;
  } = {},
) {
  app.clock.ms = atMs;
  const quiz = await fetchQuiz(app);
  const body = answerQuiz(quiz, options.correct ?? 20, uuid(options.player ?? 1));
  body.deviceInfo = options.userAgent ?? FIREFOX;
  if (options.wrong)
    body.answers.forEach((a, i) => {
      if (!a.isCorrect) a.selectedSongId = options.wrong!(quiz.questions[i]!);
    });
  const res = await submit(app, body);
  if (res.status !== 200) throw new Error(await res.text());
  return { quiz, body };
}

const appOn = appsClosedAfterFile();

const zagreb = (y: number, m: number, d: number, h: number, min: number, offsetHours: number) =>
  Date.UTC(y, m - 1, d, h - offsetHours, min);

/** The recording path and the range reads over both engines (docs/decisions/023). */
describe.each(ENGINES)('%s', (engine) => {
  beforeAll(() => warmEngine(engine), CLUSTER_START_MS);

  describe('per-day counters through the recording path (STATS_TIMEZONE = Europe/Zagreb)', () => {
    test('23:59 and 00:01 fall on two days; a player counts once a day and is new once', async () => {
      const app = await appOn(engine, {
        RATE_LIMIT_SUBMIT_PER_MINUTE: '1000',
        RATE_LIMIT_QUIZ_PER_MINUTE: '1000',
      });
      await playAt(app, zagreb(2025, 1, 14, 23, 59, 1), { player: 1 });
      await playAt(app, zagreb(2025, 1, 14, 12, 0, 1), { player: 1 });
      await playAt(app, zagreb(2025, 1, 14, 8, 0, 1), { player: 2 });
      await playAt(app, zagreb(2025, 1, 15, 0, 1, 1), { player: 1 });
      await playAt(app, zagreb(2025, 1, 15, 0, 2, 1), { player: 3 });
      const summary = await getRangeSummary(app.stores.stats, { from: '2025-01-14', to: '2025-01-15' });
      const series = await getDailySeries(app.stores.stats, { from: '2025-01-14', to: '2025-01-15' });
      expect(
        series.map(({ day, plays, players, newPlayers }) => ({ day, plays, players, newPlayers })),
      ).toEqual([
        { day: '2025-01-14', plays: 3, players: 2, newPlayers: 2 },
        { day: '2025-01-15', plays: 2, players: 2, newPlayers: 1 },
      ]);
      expect([summary.playerDays, summary.newPlayers]).toEqual([4, 3]);
      expect(summary.byHour[23]).toBe(1);
      expect(summary.byHour[0]).toBe(2);
      expect(await app.stores.plays.verifyCounters()).toEqual([]);
    });

    test('both daylight-saving changes: the day and the hour are local', async () => {
      const app = await appOn(engine, {
        RATE_LIMIT_SUBMIT_PER_MINUTE: '1000',
        RATE_LIMIT_QUIZ_PER_MINUTE: '1000',
      });
      await playAt(app, Date.UTC(2025, 2, 29, 22, 59)); // 23:59 CET, 29 March
      await playAt(app, Date.UTC(2025, 2, 30, 1, 30)); // 03:30 CEST, 30 March
      await playAt(app, Date.UTC(2025, 9, 26, 0, 30)); // 02:30 CEST, 26 October
      await playAt(app, Date.UTC(2025, 9, 26, 1, 30)); // 02:30 CET, 26 October
      await playAt(app, Date.UTC(2025, 9, 26, 22, 59)); // 23:59 CET, 26 October
      const spring = await getRangeSummary(app.stores.stats, { from: '2025-03-29', to: '2025-03-30' });
      const springDays = await getDailySeries(app.stores.stats, { from: '2025-03-29', to: '2025-03-30' });
      expect(springDays.map((p) => p.plays)).toEqual([1, 1]);
      expect([spring.byHour[23], spring.byHour[3]]).toEqual([1, 1]);
      const autumn = await getRangeSummary(app.stores.stats, { from: '2025-10-26', to: '2025-10-27' });
      const autumnDays = await getDailySeries(app.stores.stats, { from: '2025-10-25', to: '2025-10-27' });
      expect(autumnDays.map((p) => p.plays)).toEqual([0, 3, 0]);
      expect(autumn.plays).toBe(3);
      expect([autumn.byHour[2], autumn.byHour[23]]).toEqual([2, 1]);
    });

    test('devices are classified from the user agent and counted per day; the string is not kept', async () => {
      const app = await appOn(engine);
      const day = Date.UTC(2025, 4, 5, 10);
      await playAt(app, day, { userAgent: IPHONE, player: 1 });
      await playAt(app, day, { userAgent: FIREFOX, player: 2 });
      await playAt(app, day, { userAgent: '', player: 3 });
      const summary = await getRangeSummary(app.stores.stats, { from: '2025-05-05', to: '2025-05-05' });
      expect(summary.byDevice).toEqual({ phone: 1, tablet: 0, desktop: 1, other: 1 });
      expect(summary.byBrowser).toMatchObject({ safari: 1, firefox: 1, other: 1 });
      const columns = (await app.all('SELECT * FROM plays')).flatMap(Object.values);
      expect(columns.some((v) => typeof v === 'string' && v.includes('Mozilla'))).toBe(false);
    });

    test('the score distribution of a range, per difficulty, with rating bands', async () => {
      const app = await appOn(engine);
      for (const [correct, dayOfMonth] of [
        [30, 1],
        [5, 1],
        [27, 2],
        [12, 3],
      ] as const)
        await playAt(app, Date.UTC(2025, 5, dayOfMonth, 10), { correct, player: dayOfMonth });
      const distribution = await getScoreDistribution(app.stores.stats, {
        from: '2025-06-01',
        to: '2025-06-02',
      });
      expect(distribution.plays).toBe(3);
      expect(distribution.difficulty).toBe('normal');
      expect([distribution.histogram[30], distribution.histogram[5], distribution.histogram[27]]).toEqual([
        1, 1, 1,
      ]);
      expect(distribution.bands.map((b) => [b.label, b.plays])).toEqual([
        ['Nedovoljno', 1],
        ['Dovoljno', 0],
        ['Dobro', 0],
        ['Vrlo dobro', 0],
        ['Odlično', 2],
      ]);
      const hard = await getScoreDistribution(app.stores.stats, {
        from: '2025-06-01',
        to: '2025-06-30',
        difficulty: 'hard',
      });
      expect(hard.plays).toBe(0);
    });

    test('a range read refuses what is not a range: 422 naming the field', async () => {
      const app = await appOn(engine);
      const refusal = (from: string, to: string) =>
        getRangeSummary(app.stores.stats, { from, to }).then(
          () => undefined,
          (e: { status: number; field: string }) => [e.status, e.field],
        );
      expect(await refusal('2025-02-30', '2025-03-01')).toEqual([422, 'from']);
      expect(await refusal('2025-03-02', '2025-03-01')).toEqual([422, 'to']);
      expect(await refusal('2000-01-01', '2025-03-01')).toEqual([422, 'to']);
    });
  });

  describe('confusions', () => {
    test('per line, per song and overall: which wrong song was picked how often', async () => {
      const app = await appOn(engine);
      const wrongSong = (q: FetchedQuiz['questions'][number]) =>
        q.options.find((o) => o.id !== q.correctSongId)!.id;
      const first = await playAt(app, Date.UTC(2025, 6, 1, 10), { correct: 0, wrong: wrongSong, player: 1 });
      const second = await playAt(app, Date.UTC(2025, 6, 1, 11), { correct: 0, wrong: wrongSong, player: 2 });
      const plays = [first, second];
      // Expected counts straight from the submissions.
      const byLine = new Map<string, number>();
      const bySong = new Map<string, number>();
      for (const { body } of plays)
        for (const a of body.answers) {
          byLine.set(
            `${a.lyricId}>${a.selectedSongId}`,
            (byLine.get(`${a.lyricId}>${a.selectedSongId}`) ?? 0) + 1,
          );
          bySong.set(
            `${a.songId}>${a.selectedSongId}`,
            (bySong.get(`${a.songId}>${a.selectedSongId}`) ?? 0) + 1,
          );
        }
      const line = first.body.answers[0]!;
      const lineConfusions = await getLineConfusions(app.stores.stats, line.lyricId);
      expect(lineConfusions.map((c) => [`${c.lyricId}>${c.selectedSongId}`, c.times])).toEqual(
        [...byLine]
          .filter(([k]) => k.startsWith(`${line.lyricId}>`))
          .sort((a, b) => b[1] - a[1] || Number(a[0].split('>')[1]) - Number(b[0].split('>')[1])),
      );
      expect(lineConfusions[0]).toMatchObject({ lyricId: line.lyricId, songId: line.songId });
      const songConfusions = await getSongConfusions(app.stores.stats, line.songId);
      expect(songConfusions.map((c) => [`${c.songId}>${c.selectedSongId}`, c.times])).toEqual(
        [...bySong]
          .filter(([k]) => k.startsWith(`${line.songId}>`))
          .sort((a, b) => b[1] - a[1] || Number(a[0].split('>')[1]) - Number(b[0].split('>')[1])),
      );
      const top = await getTopConfusions(app.stores.stats, 3);
      const expectedTop = [...bySong.values()].sort((a, b) => b - a).slice(0, 3);
      expect(top.map((c) => c.times)).toEqual(expectedTop);
      expect(top[0]!.songTitle).toMatch(/^Pjesma /);
      expect(await app.stores.plays.verifyCounters()).toEqual([]);
    });

    test('right answers confuse nothing', async () => {
      const app = await appOn(engine);
      await playAt(app, Date.UTC(2025, 6, 1, 10), { correct: 30 });
      expect(await getTopConfusions(app.stores.stats)).toEqual([]);
    });
  });

  describe('quizzes issued', () => {
    test('counted in memory and written with the next play: completion rate per day', async () => {
      const app = await appOn(engine);
      app.clock.ms = Date.UTC(2025, 7, 1, 10);
      for (let i = 0; i < 3; i++) await fetchQuiz(app);
      const countIssued = async () =>
        Number((await app.all('SELECT coalesce(max(issued), 0) AS n FROM cumulative_quizzes'))[0]!.n);
      expect(await countIssued()).toBe(0); // nothing written per fetch
      await playAt(app, Date.UTC(2025, 7, 1, 11));
      const summary = await getRangeSummary(app.stores.stats, { from: '2025-08-01', to: '2025-08-01' });
      expect([summary.quizzesIssued, summary.plays, summary.completionRate]).toEqual([4, 1, 25]);
    });
  });
});

describe('quizzes issued', () => {
  test('without plays they are written after a while; a failed write keeps them for the next', async () => {
    const writes: [string, number][][] = [];
    let fail = true;
    let written: () => void = () => {};
    const timerWrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const issued = createQuizzesIssued({
      localTime: (ms) => ({ day: new Date(ms).toISOString().slice(0, 10), hour: 0 }),
      nowMs: () => Date.UTC(2025, 0, 1, 12),
      flushAfterMs: 5,
      write: async (counts) => {
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
        writes.push([...counts]);
        written();
      },
    });
    issued.count();
    issued.count();
    await issued.flush(); // fails: kept
    issued.count();
    await timerWrote; // the timer writes
    expect(writes).toEqual([[['2025-01-01', 3]]]);
    expect(issued.take()).toBeUndefined();
  });
});
