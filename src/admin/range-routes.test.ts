import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { createEngineTestApp, ENGINES, type Engine, type EngineTestApp } from '../../test/support/engines';
import { SUMMARY_ROWS } from '../../test/support/export-rows';
import { seededRandom } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import {
  type AdminConfusions,
  type AdminDaily,
  type AdminDevices,
  type AdminSummary,
  DERIVED_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  type ExportTable,
  exportHeader,
} from '../shared/contracts/admin-range';
import type { AlbumStat, HourlyStat, LyricStat, SongStat } from '../shared/contracts/stats';
import type { ScoreDistribution } from '../shared/contracts/time-series';

/**
 * The admin range reads and exports (docs/decisions/019) against an independent computation
 * over the plays the test recorded: days and hours worked out here with Intl in
 * Europe/Zagreb (not src/time/day.ts), every count summed from the test's own log.
 */

const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const AGENTS = {
  iphone: {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    device: 'phone',
    browser: 'safari',
  },
  android: {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    device: 'phone',
    browser: 'chrome',
  },
  windows: {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    device: 'desktop',
    browser: 'edge',
  },
  linux: {
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    device: 'desktop',
    browser: 'firefox',
  },
} as const;
type Agent = keyof typeof AGENTS;

const local = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Zagreb',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});
/** '2025-10-26 02' → day and hour, computed here independently of the product's code. */
const localOf = (ms: number) => {
  const [day, hour] = local.format(ms).split(' ');
  return { day: day!, hour: Number(hour) };
};

interface LoggedPlay {
  day: string;
  hour: number;
  player: number;
  agent: Agent;
  score: number;
  answers: { lyricId: number; songId: number; selectedSongId: number }[];
}

/** Instants (UTC ms) of the fixture: several days, a Zagreb midnight and the end of summer time. */
const at = (iso: string) => Date.parse(iso);
const EVENTS: { ms: number; player: number; agent: Agent; correct: number; play: boolean }[] = [
  // 2025-10-20: the previous period of a one-week range ending 27 October (Monday)
  { ms: at('2025-10-20T08:00:00Z'), player: 1, agent: 'iphone', correct: 12, play: true },
  { ms: at('2025-10-20T17:30:00Z'), player: 2, agent: 'windows', correct: 25, play: true },
  // 23:59 and 00:01 in Zagreb (CEST, UTC+2): two days
  { ms: at('2025-10-24T21:59:00Z'), player: 1, agent: 'iphone', correct: 18, play: true },
  { ms: at('2025-10-24T22:01:00Z'), player: 3, agent: 'android', correct: 9, play: true },
  { ms: at('2025-10-24T22:05:00Z'), player: 3, agent: 'android', correct: 0, play: false },
  { ms: at('2025-10-25T10:00:00Z'), player: 4, agent: 'linux', correct: 30, play: true },
  { ms: at('2025-10-25T10:20:00Z'), player: 1, agent: 'iphone', correct: 21, play: true },
  // 26 October: 02:30 CEST (00:30Z) and 02:30 CET (01:30Z), the same local hour twice
  { ms: at('2025-10-26T00:30:00Z'), player: 2, agent: 'windows', correct: 14, play: true },
  { ms: at('2025-10-26T01:30:00Z'), player: 5, agent: 'android', correct: 6, play: true },
  { ms: at('2025-10-26T01:40:00Z'), player: 6, agent: 'linux', correct: 0, play: false },
  // 23:30 CET on 26 October and 00:30 CET on 27 October
  { ms: at('2025-10-26T22:30:00Z'), player: 5, agent: 'android', correct: 27, play: true },
  { ms: at('2025-10-26T23:30:00Z'), player: 6, agent: 'linux', correct: 16, play: true },
  { ms: at('2025-10-27T15:00:00Z'), player: 7, agent: 'iphone', correct: 22, play: true },
  { ms: at('2025-10-27T15:10:00Z'), player: 1, agent: 'iphone', correct: 11, play: true },
];
const TODAY_MS = at('2025-10-27T16:00:00Z');

let app: EngineTestApp;
const log: LoggedPlay[] = [];
/** Quizzes fetched per local day (each play fetched one, and some were never played). */
const issued = new Map<string, number>();
/** Song id → album title, from the all-time song list. */
let albumOfSong: Map<number, string>;

/** The same plays recorded through the API of an app over `engine`; the log and counts start afresh. */
async function recordFixture(engine: Engine) {
  app = await createEngineTestApp(engine, {
    env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
  });
  log.length = 0;
  issued.clear();
  const random = seededRandom(17);
  for (const event of EVENTS) {
    app.clock.ms = event.ms;
    const quiz = await fetchQuiz(app);
    const { day, hour } = localOf(event.ms);
    issued.set(day, (issued.get(day) ?? 0) + 1);
    if (!event.play) continue;
    const body = answerQuiz(quiz, event.correct, uuid(event.player));
    body.deviceInfo = AGENTS[event.agent].ua;
    // Wrong answers pick a random wrong option (so confusions vary).
    body.answers.forEach((a, i) => {
      if (a.isCorrect) return;
      const wrong = quiz.questions[i]!.options.filter((o) => o.id !== a.songId);
      a.selectedSongId = wrong[Math.floor(random() * wrong.length)]!.id;
    });
    const res = await submit(app, body);
    if (res.status !== 200) throw new Error(await res.text());
    log.push({
      day,
      hour,
      player: event.player,
      agent: event.agent,
      score: body.score,
      answers: body.answers.map(({ lyricId, songId, selectedSongId }) => ({
        lyricId,
        songId,
        selectedSongId,
      })),
    });
  }
  app.clock.ms = TODAY_MS;
  const songs = (await (await get('/api/admin/stats/songs')).json()) as SongStat[];
  albumOfSong = new Map(songs.map((s) => [s.songId, s.albumTitle]));
}

const get = (path: string, headers: Record<string, string> = auth) => app.request(path, { headers });
const json = async <T>(path: string): Promise<T> => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

const inRange = (from: string, to: string) => log.filter((p) => p.day >= from && p.day <= to);
const count = <K>(keys: K[]) => {
  const map = new Map<K, number>();
  for (const k of keys) map.set(k, (map.get(k) ?? 0) + 1);
  return map;
};
/** occurrences and right answers per key, over the plays given. */
function tally(plays: LoggedPlay[], key: (a: LoggedPlay['answers'][number]) => number | string) {
  const map = new Map<number | string, { occurrences: number; correctAnswers: number }>();
  for (const p of plays)
    for (const a of p.answers) {
      const c = map.get(key(a)) ?? { occurrences: 0, correctAnswers: 0 };
      c.occurrences++;
      if (a.selectedSongId === a.songId) c.correctAnswers++;
      map.set(key(a), c);
    }
  return map;
}
const firstDayOf = (player: number) => log.filter((p) => p.player === player)[0]!.day;
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

function expectedCards(from: string, to: string) {
  const plays = inRange(from, to);
  const answers = plays.length * 30;
  const correct = plays.reduce((s, p) => s + p.score, 0);
  const days = [...new Set(plays.map((p) => p.day))];
  const playerDays = days.reduce(
    (s, d) => s + new Set(plays.filter((p) => p.day === d).map((p) => p.player)).size,
    0,
  );
  const players = [...new Set(log.map((p) => p.player))];
  const newPlayers = players.filter((pl) => firstDayOf(pl) >= from && firstDayOf(pl) <= to).length;
  const quizzes = [...issued].filter(([d]) => d >= from && d <= to).reduce((s, [, n]) => s + n, 0);
  return {
    plays: plays.length,
    players: new Set(plays.map((p) => p.player)).size,
    playerDays,
    newPlayers,
    answers,
    correct,
    averageScore: plays.length ? round(correct / plays.length, 2) : 0,
    accuracy: answers ? round((correct / answers) * 100, 2) : 0,
    quizzesIssued: quizzes,
    completionRate: quizzes ? round((plays.length / quizzes) * 100, 1) : null,
    byHour: Array.from({ length: 24 }, (_, h) => plays.filter((p) => p.hour === h).length),
    byDevice: Object.fromEntries(
      ['phone', 'tablet', 'desktop', 'other'].map((d) => [
        d,
        plays.filter((p) => AGENTS[p.agent].device === d).length,
      ]),
    ),
    byBrowser: Object.fromEntries(
      ['chrome', 'safari', 'firefox', 'edge', 'samsung', 'opera', 'other'].map((b) => [
        b,
        plays.filter((p) => AGENTS[p.agent].browser === b).length,
      ]),
    ),
  };
}

/** Every read and export over both engines (docs/decisions/023): the same plays, the same answers. */
describe.each(ENGINES)('%s', (engine) => {
  beforeAll(() => recordFixture(engine), CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  describe('admin range reads equal a computation over the recorded plays', () => {
    test('the fixture falls on the days and hours it should (Zagreb midnight, end of summer time)', () => {
      expect(localOf(at('2025-10-24T21:59:00Z'))).toEqual({ day: '2025-10-24', hour: 23 });
      expect(localOf(at('2025-10-24T22:01:00Z'))).toEqual({ day: '2025-10-25', hour: 0 });
      expect(localOf(at('2025-10-26T00:30:00Z')).hour).toBe(2);
      expect(localOf(at('2025-10-26T01:30:00Z')).hour).toBe(2);
      expect(localOf(at('2025-10-26T23:30:00Z'))).toEqual({ day: '2025-10-27', hour: 0 });
      expect(log).toHaveLength(12);
    });

    test('summary: the cards of the range and of the period of the same length before it', async () => {
      const s = await json<AdminSummary>('/api/admin/stats/summary?from=2025-10-24&to=2025-10-27');
      expect(s.today).toBe('2025-10-27');
      expect(s.firstDay).toBe('2025-10-20');
      expect(s.current).toMatchObject({
        from: '2025-10-24',
        to: '2025-10-27',
        days: 4,
        ...expectedCards('2025-10-24', '2025-10-27'),
      });
      expect(s.previous).toMatchObject({
        from: '2025-10-20',
        to: '2025-10-23',
        days: 4,
        ...expectedCards('2025-10-20', '2025-10-23'),
      });
      expect(s.current.plays + s.previous.plays).toBe(log.length);
    });

    test('summary defaults: no dates is all time (first day → today); only `from` ends today', async () => {
      const all = await json<AdminSummary>('/api/admin/stats/summary');
      expect(all.current).toMatchObject({
        from: '2025-10-20',
        to: '2025-10-27',
        ...expectedCards('2025-10-20', '2025-10-27'),
      });
      const fromOnly = await json<AdminSummary>('/api/admin/stats/summary?from=2025-10-26');
      expect(fromOnly.current).toMatchObject({
        from: '2025-10-26',
        to: '2025-10-27',
        ...expectedCards('2025-10-26', '2025-10-27'),
      });
      const toOnly = await json<AdminSummary>('/api/admin/stats/summary?to=2025-10-25');
      expect(toOnly.current).toMatchObject({
        from: '2025-10-20',
        to: '2025-10-25',
        ...expectedCards('2025-10-20', '2025-10-25'),
      });
    });

    test('daily: a point per day with plays, distinct players, new players, quizzes issued', async () => {
      const d = await json<AdminDaily>('/api/admin/stats/daily?from=2025-10-19&to=2025-10-27');
      expect(d.points.map((p) => p.day)).toEqual(Array.from({ length: 9 }, (_, i) => `2025-10-${19 + i}`));
      for (const point of d.points) {
        const plays = inRange(point.day, point.day);
        expect(point).toEqual({
          day: point.day,
          through: point.day,
          plays: plays.length,
          players: new Set(plays.map((p) => p.player)).size,
          newPlayers: [...new Set(log.map((p) => p.player))].filter((pl) => firstDayOf(pl) === point.day)
            .length,
          quizzesIssued: issued.get(point.day) ?? 0,
          answers: plays.length * 30,
          correct: plays.reduce((s, p) => s + p.score, 0),
        });
      }
    });

    test('devices: classes, browsers, new vs returning player-days, completion rate', async () => {
      const d = await json<AdminDevices>('/api/admin/stats/devices?from=2025-10-25&to=2025-10-27');
      const cards = expectedCards('2025-10-25', '2025-10-27');
      expect(d).toEqual({
        from: '2025-10-25',
        to: '2025-10-27',
        plays: cards.plays,
        byDevice: cards.byDevice,
        byBrowser: cards.byBrowser,
        players: cards.players,
        newPlayers: cards.newPlayers,
        returningPlayers: cards.players - cards.newPlayers,
        playerDays: cards.playerDays,
        returningPlayerDays: cards.playerDays - cards.newPlayers,
        quizzesIssued: cards.quizzesIssued,
        completionRate: cards.completionRate,
      } as AdminDevices);
      expect(d.returningPlayerDays).toBeGreaterThan(0);
      // Players 1 and 3 played on two days of the range: counted once each, not per day.
      expect(d.players).toBeLessThan(d.playerDays);
      expect(d.returningPlayers).toBeGreaterThan(0);
    });

    test('scores: the histogram and rating bands of the range', async () => {
      const s = await json<ScoreDistribution>('/api/admin/stats/scores?from=2025-10-24&to=2025-10-26');
      const plays = inRange('2025-10-24', '2025-10-26');
      const histogram = Array.from(
        { length: 31 },
        (_, score) => plays.filter((p) => p.score === score).length,
      );
      expect(s.histogram).toEqual(histogram);
      expect(s.plays).toBe(plays.length);
      expect(s.bands.reduce((sum, b) => sum + b.plays, 0)).toBe(plays.length);
    });

    test('lyrics, songs, albums and hourly of a range; without a range the all-time lists', async () => {
      const [from, to] = ['2025-10-25', '2025-10-26'];
      const plays = inRange(from, to);
      const lyrics = await json<LyricStat[]>(`/api/admin/stats/lyrics?from=${from}&to=${to}`);
      const byLine = tally(plays, (a) => a.lyricId);
      expect(lyrics.length).toBeGreaterThan(100);
      for (const row of lyrics)
        expect([row.occurrences, row.correctAnswers]).toEqual([
          byLine.get(row.lyricId)?.occurrences ?? 0,
          byLine.get(row.lyricId)?.correctAnswers ?? 0,
        ]);
      const songs = await json<SongStat[]>(`/api/admin/stats/songs?from=${from}&to=${to}`);
      const bySong = tally(plays, (a) => a.songId);
      for (const row of songs)
        expect([row.occurrences, row.correctAnswers]).toEqual([
          bySong.get(row.songId)?.occurrences ?? 0,
          bySong.get(row.songId)?.correctAnswers ?? 0,
        ]);
      const albums = await json<AlbumStat[]>(`/api/admin/stats/albums?from=${from}&to=${to}`);
      const byAlbum = tally(plays, (a) => albumOfSong.get(a.songId)!);
      for (const row of albums)
        expect([row.occurrences, row.correctAnswers]).toEqual([
          byAlbum.get(row.title)?.occurrences ?? 0,
          byAlbum.get(row.title)?.correctAnswers ?? 0,
        ]);
      expect(albums.reduce((s, r) => s + r.occurrences, 0)).toBe(plays.length * 30);
      const hourly = await json<{ hour: number; attempts: number }[]>(
        `/api/admin/stats/hourly?from=${from}&to=${to}`,
      );
      expect(hourly).toEqual(
        Array.from({ length: 24 }, (_, hour) => ({
          hour,
          attempts: plays.filter((p) => p.hour === hour).length,
        })),
      );
      // Without from/to: the all-time answers, the same as before ranges existed.
      const allTime = await json<LyricStat[]>('/api/admin/stats/lyrics');
      const publicLyrics = (await (await app.request('/api/stats/lyrics')).json()) as LyricStat[];
      expect(allTime).toEqual(publicLyrics);
      const allHourly = await json<HourlyStat[]>('/api/admin/stats/hourly');
      expect(allHourly.every((h) => 'uniquePlayers' in h)).toBe(true);
      // A range covering every play equals all time.
      expect(await json<LyricStat[]>('/api/admin/stats/lyrics?from=2025-10-01')).toEqual(allTime);
    });

    test('a range list honours the narrowing parameters', async () => {
      const [from, to] = ['2025-10-24', '2025-10-27'];
      const rows = await json<LyricStat[]>(
        `/api/admin/stats/lyrics?from=${from}&to=${to}&sort=hardest&minOccurrences=1&limit=5`,
      );
      const byLine = tally(inRange(from, to), (a) => a.lyricId);
      expect(rows).toHaveLength(5);
      for (const row of rows) expect(row.occurrences).toBe(byLine.get(row.lyricId)!.occurrences);
      const acc = (r: LyricStat) => r.correctAnswers / r.occurrences;
      for (let i = 1; i < rows.length; i++) expect(acc(rows[i]!)).toBeGreaterThanOrEqual(acc(rows[i - 1]!));
    });

    test('confusions: overall, for a line, for a song (all-time counts without a range)', async () => {
      const wrong = log.flatMap((p) => p.answers.filter((a) => a.selectedSongId !== a.songId));
      const pairs = count(wrong.map((a) => `${a.songId}:${a.selectedSongId}`));
      const top = await json<AdminConfusions>('/api/admin/stats/confusions?limit=100');
      expect(top.period).toBe('all-time');
      expect(top.scope).toBe('all');
      expect(top.confusions.length).toBe(Math.min(100, pairs.size));
      for (const c of top.confusions) expect(c.times).toBe(pairs.get(`${c.songId}:${c.selectedSongId}`)!);
      const line = wrong[0]!.lyricId;
      const forLine = await json<AdminConfusions>(`/api/admin/stats/confusions?lyricId=${line}`);
      expect(forLine.scope).toBe('lyric');
      const linePicks = count(wrong.filter((a) => a.lyricId === line).map((a) => a.selectedSongId));
      expect(forLine.confusions.reduce((s, c) => s + c.times, 0)).toBe(
        [...linePicks.values()].reduce((a, b) => a + b, 0),
      );
      const song = wrong[0]!.songId;
      const forSong = await json<AdminConfusions>(`/api/admin/stats/confusions?songId=${song}`);
      expect(forSong.scope).toBe('song');
      for (const c of forSong.confusions) expect(c.times).toBe(pairs.get(`${song}:${c.selectedSongId}`)!);
    });

    /** Wrong picks of the plays of [from, to], per key, most first, ties by the ids (as the API orders them). */
    const picksOf = (from: string, to: string, key: (a: LoggedPlay['answers'][number]) => string) => {
      const wrong = inRange(from, to).flatMap((p) => p.answers.filter((a) => a.selectedSongId !== a.songId));
      return count(wrong.map(key));
    };

    test.each([
      ['2025-10-25', '2025-10-26'],
      ['2025-10-27', '2025-10-27'],
      ['2025-10-20', '2025-10-24'],
      ['2025-10-21', '2025-10-23'],
    ])('confusions of the range %s – %s: overall, per line, per song', async (from, to) => {
      const q = `from=${from}&to=${to}`;
      const pairs = picksOf(from, to, (a) => `${a.songId}:${a.selectedSongId}`);
      const top = await json<AdminConfusions>(`/api/admin/stats/confusions?${q}&limit=100`);
      expect(top).toMatchObject({ from, to, period: 'range', scope: 'all' });
      const expected = [...pairs]
        .map(([key, times]) => {
          const [songId, selectedSongId] = key.split(':').map(Number);
          return { songId: songId!, selectedSongId: selectedSongId!, times };
        })
        .sort((a, b) => b.times - a.times || a.songId - b.songId || a.selectedSongId - b.selectedSongId)
        .slice(0, 100);
      expect(
        top.confusions.map(({ songId, selectedSongId, times }) => ({ songId, selectedSongId, times })),
      ).toEqual(expected);
      // Every line and song that had a wrong pick in the range, and one that had none in it.
      const wrong = inRange(from, to).flatMap((p) => p.answers.filter((a) => a.selectedSongId !== a.songId));
      const otherLine = log
        .flatMap((p) => p.answers)
        .find((a) => a.selectedSongId !== a.songId && !wrong.some((w) => w.lyricId === a.lyricId));
      const lines = [...new Set(wrong.map((a) => a.lyricId))].slice(0, 12);
      for (const line of otherLine ? [...lines, otherLine.lyricId] : lines) {
        const picks = picksOf(from, to, (a) => (a.lyricId === line ? String(a.selectedSongId) : ''));
        picks.delete('');
        const forLine = await json<AdminConfusions>(
          `/api/admin/stats/confusions?${q}&lyricId=${line}&limit=100`,
        );
        expect(forLine.period).toBe('range');
        expect(new Map(forLine.confusions.map((c) => [String(c.selectedSongId), c.times]))).toEqual(picks);
      }
      for (const song of [...new Set(wrong.map((a) => a.songId))].slice(0, 8)) {
        const picks = picksOf(from, to, (a) => (a.songId === song ? String(a.selectedSongId) : ''));
        picks.delete('');
        const forSong = await json<AdminConfusions>(
          `/api/admin/stats/confusions?${q}&songId=${song}&limit=100`,
        );
        expect(new Map(forSong.confusions.map((c) => [String(c.selectedSongId), c.times]))).toEqual(picks);
        const times = forSong.confusions.map((c) => c.times);
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
    });

    test('confusions of a range covering every play equal the all-time ones', async () => {
      const all = await json<AdminConfusions>('/api/admin/stats/confusions?limit=100');
      const ranged = await json<AdminConfusions>('/api/admin/stats/confusions?from=2025-10-01&limit=100');
      expect(ranged.period).toBe('range');
      expect(ranged.confusions).toEqual(all.confusions);
    });
  });

  describe('admin range errors', () => {
    test.each([
      ['/api/admin/stats/summary?from=2025-02-30', 'from'],
      ['/api/admin/stats/daily?to=27.10.2025', 'to'],
      ['/api/admin/stats/devices?from=2025-10-27&to=2025-10-20', 'to'],
      ['/api/admin/stats/scores?from=x', 'from'],
      ['/api/admin/stats/confusions?from=2025-13-01', 'from'],
      ['/api/admin/stats/lyrics?from=2025-10-01&to=2025-09-01', 'to'],
      ['/api/admin/stats/hourly?to=2025-1-1', 'to'],
      ['/api/admin/stats/albums?from=1900-01-01&to=2025-01-01', 'to'],
      ['/api/admin/export/daily.csv?from=2025-10-05&to=2025-10-01', 'to'],
    ])('%s → 422 invalid_range naming %s', async (path, field) => {
      const res = await get(path);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { code: string; field: string } }).error).toMatchObject({
        code: 'invalid_range',
        field,
      });
    });

    test('confusions: both lyricId and songId, or a bad limit → 422 validation_failed', async () => {
      for (const [path, field] of [
        ['/api/admin/stats/confusions?lyricId=1&songId=1', 'songId'],
        ['/api/admin/stats/confusions?limit=0', 'limit'],
        ['/api/admin/stats/confusions?lyricId=abc', 'lyricId'],
      ] as const) {
        const res = await get(path);
        expect(res.status).toBe(422);
        expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
      }
    });

    test.each([
      '/api/admin/stats/summary',
      '/api/admin/stats/daily',
      '/api/admin/stats/scores',
      '/api/admin/stats/confusions',
      '/api/admin/stats/devices',
      '/api/admin/stats/lyrics?from=2025-10-20',
      '/api/admin/export/lyrics.csv',
      '/api/admin/export/confusions.csv',
      '/api/admin/export/summary.csv',
      '/api/admin/export/devices.csv',
      '/api/admin/export/bands.csv',
    ])('%s without credentials → 401', async (path) => {
      const res = await get(path, {});
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    });
  });

  describe('CSV export', () => {
    const csv = async (path: string) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text).toContain('\r\n');
      expect(text.replaceAll('\r\n', '')).not.toContain('\n');
      const [header, ...cells] = parse(text, {
        bom: true,
        delimiter: ';',
        record_delimiter: '\r\n',
      }) as string[][];
      // Croatian headers over the JSON fields in order (the all-time hourly adds uniquePlayers),
      // then the percentage columns: `records` holds the JSON fields, `full` the percentages too.
      const table = /export\/(\w+)\.csv/.exec(path)![1] as ExportTable;
      const keys: string[] = [...EXPORT_COLUMNS[table]];
      if (header!.length > keys.length) keys.push('uniquePlayers');
      expect(header).toEqual(keys.map((key) => exportHeader(table, key)));
      const full = cells.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]!])));
      const derived = new Set(DERIVED_EXPORT_COLUMNS[table] ?? []);
      const records = full.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => !derived.has(k))),
      );
      return { res, text, records, full };
    };
    /** A cell back to the JSON value: digits → integer, decimal comma → fraction, else text. */
    const value = (cell: string) =>
      /^-?\d+$/.test(cell) ? Number(cell) : /^-?\d+,\d+$/.test(cell) ? Number(cell.replace(',', '.')) : cell;
    const back = (records: Record<string, string>[]) =>
      records.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, value(v)])));
    /**
     * The JSON rows as the export writes them: its columns only. The ids the JSON added later
     * (a line's songId and albumId, a song's albumId) are not in the file: a spreadsheet reading
     * its columns by position keeps working.
     */
    const exported = async (table: ExportTable, path: string) => {
      const derived = new Set(DERIVED_EXPORT_COLUMNS[table] ?? []);
      const keys = [...EXPORT_COLUMNS[table], 'uniquePlayers'].filter((k) => !derived.has(k));
      return (await json<Record<string, string | number>[]>(path)).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => keys.includes(k))),
      );
    };

    test('lyrics of a range: file name, BOM, `;`, CRLF; parsed back equals the JSON', async () => {
      const { res, records } = await csv('/api/admin/export/lyrics.csv?from=2025-10-24&to=2025-10-27');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="kviz-lyrics-2025-10-24_2025-10-27.csv"',
      );
      expect(back(records)).toEqual(
        await exported('lyrics', '/api/admin/stats/lyrics?from=2025-10-24&to=2025-10-27'),
      );
    });

    test.each(['songs', 'albums', 'hourly'] as const)(
      '%s: all time without a range ("-sve"), and a range',
      async (table) => {
        const all = await csv(`/api/admin/export/${table}.csv`);
        expect(all.res.headers.get('content-disposition')).toBe(
          `attachment; filename="kviz-${table}-sve.csv"`,
        );
        expect(back(all.records)).toEqual(await exported(table, `/api/admin/stats/${table}`));
        const ranged = await csv(`/api/admin/export/${table}.csv?from=2025-10-25&to=2025-10-26`);
        expect(back(ranged.records)).toEqual(
          await exported(table, `/api/admin/stats/${table}?from=2025-10-25&to=2025-10-26`),
        );
      },
    );

    test('Croatian headers; the percentage columns recomputed from the JSON counts', async () => {
      const q = 'from=2025-10-20&to=2025-10-27';
      const pct = (part: number, whole: number) =>
        whole ? String(Math.round((part / whole) * 1000) / 10).replace('.', ',') : '';
      const lyrics = await csv(`/api/admin/export/lyrics.csv?${q}`);
      expect(lyrics.text.split('\r\n')[0]).toBe(
        '\uFEFFID stiha;Stih;Pjesma;Album;Godina albuma;Prikazano;Točno;Postotak točnih (%)',
      );
      const json_ = await json<LyricStat[]>(`/api/admin/stats/lyrics?${q}`);
      expect(lyrics.full.map((r) => r.percentage)).toEqual(
        json_.map((l) => pct(l.correctAnswers, l.occurrences)),
      );
      // A line never shown has an empty percentage, not 0.
      expect(json_.some((l) => l.occurrences === 0)).toBe(true);
      const daily = await json<AdminDaily>(`/api/admin/stats/daily?${q}`);
      const dailyCsv = await csv(`/api/admin/export/daily.csv?${q}`);
      expect(dailyCsv.full.map((r) => [r.accuracy, r.completionRate])).toEqual(
        daily.points.map((p) => [pct(p.correct, p.answers), pct(p.plays, p.quizzesIssued)]),
      );
      const hourly = (await csv(`/api/admin/export/hourly.csv?${q}`)).full;
      const total = inRange('2025-10-20', '2025-10-27').length;
      expect(hourly.map((r) => r.share)).toEqual(
        Array.from({ length: 24 }, (_, h) =>
          pct(inRange('2025-10-20', '2025-10-27').filter((p) => p.hour === h).length, total),
        ),
      );
    });

    test('the lyric export is narrowed as the dashboard’s search narrows the table', async () => {
      const q = 'from=2025-10-20&to=2025-10-27';
      const all = await json<LyricStat[]>(`/api/admin/stats/lyrics?${q}`);
      const ids = async (search: string) =>
        (await csv(`/api/admin/export/lyrics.csv?${q}&${search}`)).records.map((r) => Number(r.lyricId));
      // Song and album titles are searched too, in any case: the lines of one song.
      expect(await ids('q=PJESMA%202-1')).toEqual(
        all.filter((l) => l.songTitle === 'Pjesma 2-1').map((l) => l.lyricId),
      );
      // Every word must occur; with min=1 the never-shown lines are left out.
      expect(await ids('q=pjesma%202-1&min=1')).toEqual(
        all.filter((l) => l.songTitle === 'Pjesma 2-1' && l.occurrences >= 1).map((l) => l.lyricId),
      );
      expect(await ids('unshown=hide')).toEqual(all.filter((l) => l.occurrences > 0).map((l) => l.lyricId));
      expect(await ids('q=nema%20takvog%20stiha')).toEqual([]);
      expect((await get(`/api/admin/export/lyrics.csv?${q}&min=-1`)).status).toBe(422);
    });

    test('daily, scores and confusions equal their JSON', async () => {
      const q = 'from=2025-10-20&to=2025-10-27';
      // Without `compare` the compared period's columns stay empty.
      expect(back((await csv(`/api/admin/export/daily.csv?${q}`)).records)).toEqual(
        (await json<AdminDaily>(`/api/admin/stats/daily?${q}`)).points.map((p) => ({
          ...p,
          previousDay: '',
          previousPlays: '',
          previousPlayers: '',
        })),
      );
      const scores = await json<ScoreDistribution>(`/api/admin/stats/scores?${q}`);
      expect(back((await csv(`/api/admin/export/scores.csv?${q}`)).records)).toEqual(
        scores.histogram.map((plays, score) => ({ score, plays })),
      );
      const confusions = await json<AdminConfusions>(`/api/admin/stats/confusions?${q}&limit=100`);
      expect(confusions.period).toBe('range');
      expect(back((await csv(`/api/admin/export/confusions.csv?${q}`)).records)).toEqual(
        confusions.confusions,
      );
      const narrow = 'from=2025-10-25&to=2025-10-26';
      const narrowCsv = back((await csv(`/api/admin/export/confusions.csv?${narrow}`)).records);
      expect(narrowCsv).toEqual(
        (await json<AdminConfusions>(`/api/admin/stats/confusions?${narrow}&limit=100`)).confusions,
      );
      expect(narrowCsv.length).toBeLessThan(confusions.confusions.length);
      expect(back((await csv(`/api/admin/export/bands.csv?${q}`)).records)).toEqual(scores.bands);
    });

    test('summary: a row per card with the range, the previous period and the change; equals the JSON', async () => {
      const q = 'from=2025-10-24&to=2025-10-27';
      const { res, records } = await csv(`/api/admin/export/summary.csv?${q}`);
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="kviz-summary-2025-10-24_2025-10-27.csv"',
      );
      const s = await json<AdminSummary>(`/api/admin/stats/summary?${q}`);
      const rows = back(records);
      // Each figure named as the dashboard names it, in the JSON's order.
      expect(rows.map((r) => r.figure)).toEqual(SUMMARY_ROWS.map(([, label]) => label));
      for (const [i, row] of rows.entries()) {
        const figure = SUMMARY_ROWS[i]![0];
        const [now, before] = [s.current[figure] as number, s.previous[figure] as number];
        expect(row.current).toEqual(now);
        expect(row.previous).toEqual(before);
        // The change as the cards show it, computed here: percent of the previous value, one decimal.
        expect(row.change).toEqual(before ? Math.round(((now - before) / before) * 1000) / 10 : '');
      }
      // The distinct players of the range from the test's own log (players 1 and 3 played on two days).
      const players = new Set(inRange('2025-10-24', '2025-10-27').map((p) => p.player)).size;
      expect(rows.find((r) => r.figure === 'Različiti igrači')!.current).toBe(players);
      expect(rows.find((r) => r.figure === 'Igrači po danima')!.current).toBeGreaterThan(players);
    });

    test('devices: classes, browsers, players and quizzes as rows; equals the JSON', async () => {
      const q = 'from=2025-10-25&to=2025-10-27';
      const d = await json<AdminDevices>(`/api/admin/stats/devices?${q}`);
      const rows = back((await csv(`/api/admin/export/devices.csv?${q}`)).records);
      const flat = new Map(rows.map((r) => [`${r.group}.${r.key}`, r.value]));
      expect(rows).toHaveLength(flat.size);
      // Groups, classes, browsers and figures named as the dashboard names them.
      const devices = { phone: 'Mobitel', tablet: 'Tablet', desktop: 'Računalo', other: 'Ostalo' };
      const browsers = {
        chrome: 'Chrome',
        safari: 'Safari',
        firefox: 'Firefox',
        edge: 'Edge',
        samsung: 'Samsung Internet',
        opera: 'Opera',
        other: 'Ostali',
      };
      for (const [key, value] of Object.entries(d.byDevice))
        expect(flat.get(`Uređaj.${devices[key as keyof typeof devices]}`)).toBe(value);
      for (const [key, value] of Object.entries(d.byBrowser))
        expect(flat.get(`Preglednik.${browsers[key as keyof typeof browsers]}`)).toBe(value);
      for (const [key, label] of [
        ['players', 'Različiti igrači'],
        ['newPlayers', 'Novi igrači'],
        ['returningPlayers', 'Povratnici'],
        ['playerDays', 'Igrači po danima'],
        ['returningPlayerDays', 'Povratnici po danima'],
      ] as const)
        expect(flat.get(`Igrači.${label}`)).toBe(d[key]);
      expect(flat.get('Kvizovi.Izdani kvizovi')).toBe(d.quizzesIssued);
      expect(flat.get('Kvizovi.Igranja')).toBe(d.plays);
      expect(flat.get('Kvizovi.Dovršenost kvizova (%)')).toBe(d.completionRate ?? '');
      expect(rows).toHaveLength(4 + 7 + 5 + 3);
    });
  });
});
