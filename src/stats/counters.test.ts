import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  appsClosedAfterFile,
  createEngineTestApp,
  ENGINES,
  type EngineTestApp,
} from '../../test/support/engines';
import { seededRandom, testConfig } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS, createTestDatabase } from '../../test/support/postgres';
import { randomPlay } from '../../test/support/random-play';
import { tempDirsRemovedAfterEach } from '../../test/support/temp-dirs';
import { statsCommand } from '../cli/stats';
import { getRangeSummary } from '../ranges/range-reads';
import { migratePg } from '../storage/pg/client';
import { createSqliteDb } from '../storage/sqlite/client';
import { migrateDb } from '../storage/sqlite/migrate';
import { dayOf } from '../time/day';

/** `kviz stats verify` on a database file: statsCommand closes its connection before it returns. */
const tempDir = tempDirsRemovedAfterEach('kviz-stats-');

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const userAgents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  '',
];

/** A few days around both daylight-saving changes of 2025, so plays share days and cross midnights. */
const dayStarts = [
  Date.UTC(2025, 2, 28),
  Date.UTC(2025, 2, 29),
  Date.UTC(2025, 2, 30),
  Date.UTC(2025, 9, 25),
  Date.UTC(2025, 9, 26),
];

const playArbitrary = fc.record({
  correct: fc.integer({ min: 0, max: 30 }),
  player: fc.integer({ min: 1, max: 12 }),
  atMs: fc.oneof(
    fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 0, 1) }),
    fc
      .constantFrom(...dayStarts)
      .chain((start) => fc.integer({ min: start - 3 * 3_600_000, max: start + 27 * 3_600_000 })),
  ),
  /** Which wrong option to pick, so selected songs vary. */
  wrongPick: fc.integer({ min: 0, max: 3 }),
  userAgent: fc.constantFrom(...userAgents),
  retry: fc.boolean(),
  /** 0: the deferred counters are flushed after this play (docs/decisions/025); else they wait. */
  flush: fc.integer({ min: 0, max: 9 }),
});

const appOn = appsClosedAfterFile();

/** Every row of a table, in an order independent of the engine's storage order. */
const dumpTable = async (app: EngineTestApp, table: string) =>
  (await app.all(`SELECT * FROM ${table}`))
    .map((row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? Number(v) : v)))
    .sort();

/** Both engines (docs/decisions/023): the same counters, verify and rebuild on each. */
describe.each(ENGINES)('counters (%s)', (engine) => {
  test('property: after a few hundred random valid plays over several days and time zones (with retries), every counter equals the recompute from the raw record', async () => {
    // A PostgreSQL play costs about ten round trips: fewer, shorter runs there (about a third of
    // SQLite's plays), still with players and days shared within a run.
    const size = engine === 'sqlite' ? { minLength: 150, maxLength: 300 } : { minLength: 75, maxLength: 150 };
    const zones = fc.constantFrom(
      'Europe/Zagreb',
      'UTC',
      'America/New_York',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    );
    await fc.assert(
      fc.asyncProperty(zones, fc.array(playArbitrary, size), async (zone, plays) => {
        const app = await createEngineTestApp(engine, {
          env: {
            RATE_LIMIT_QUIZ_PER_MINUTE: '100000',
            RATE_LIMIT_SUBMIT_PER_MINUTE: '100000',
            RATE_LIMIT_SUBMIT_PER_HOUR: '100000',
            STATS_TIMEZONE: zone,
          },
        });
        try {
          /** Wrong picks as (day, right song, song picked), for the range confusions below. */
          const picks: { day: string; songId: number; selectedSongId: number }[] = [];
          for (const p of plays) {
            app.clock.ms = p.atMs;
            const quiz = await fetchQuiz(app);
            const body = answerQuiz(quiz, p.correct, uuid(p.player));
            body.deviceInfo = p.userAgent;
            body.answers.forEach((a, i) => {
              if (!a.isCorrect)
                a.selectedSongId = quiz.questions[i]!.options.filter((o) => o.id !== a.songId)[
                  p.wrongPick
                ]!.id;
            });
            expect((await submit(app, body)).status).toBe(200);
            if (p.retry) expect((await submit(app, body)).status).toBe(200);
            if (p.flush === 0) await app.stores.plays.flushCounters();
            for (const a of body.answers)
              if (!a.isCorrect)
                picks.push({ day: dayOf(p.atMs, zone), songId: a.songId, selectedSongId: a.selectedSongId });
          }
          // Plays past the watermark: the stored deferred counters plus theirs equal the recompute.
          expect(await app.stores.plays.verifyCounters()).toEqual([]);
          await app.stores.plays.flushCounters();
          expect(await app.stores.plays.verifyCounters()).toEqual([]);
          const overview = (await (await app.request('/api/stats/overview')).json()) as {
            totalAttempts: number;
            uniquePlayers: number;
          };
          expect(overview.totalAttempts).toBe(plays.length);
          expect(overview.uniquePlayers).toBe(new Set(plays.map((p) => p.player)).size);
          // The days add up to the totals, and a player is new on exactly one day.
          const everything = await getRangeSummary(app.stores.stats, {
            from: '2024-12-31',
            to: '2026-01-01',
          });
          expect([everything.plays, everything.newPlayers, everything.answers]).toEqual([
            plays.length,
            overview.uniquePlayers,
            plays.length * 30,
          ]);
          expect(everything.playerDays).toBe(
            new Set(plays.map((p) => `${p.player}@${dayOf(p.atMs, zone)}`)).size,
          );
          // The wrong picks of a range (cumulative_confusions) equal those counted here.
          const range = { from: dayOf(dayStarts[1]!, zone), to: dayOf(dayStarts[3]!, zone) };
          const expected = new Map<string, number>();
          for (const pick of picks)
            if (pick.day >= range.from && pick.day <= range.to) {
              const key = `${pick.songId}:${pick.selectedSongId}`;
              expected.set(key, (expected.get(key) ?? 0) + 1);
            }
          const top = await app.stores.stats.getTopConfusions({ limit: 100_000, range });
          expect(new Map(top.map((c) => [`${c.songId}:${c.selectedSongId}`, c.times]))).toEqual(expected);
          await app.stores.plays.rebuildCounters();
          expect(await app.stores.plays.verifyCounters()).toEqual([]);
        } finally {
          await app.close();
        }
      }),
      { numRuns: engine === 'sqlite' ? 3 : 2, endOnFailure: true },
    );
  }, 120_000);

  test(
    'plays recorded in one batch (group commit) count like plays recorded one by one; a failing play alone is rolled back',
    async () => {
      const together = await appOn(engine);
      const alone = await appOn(engine);
      const catalogue = together.deps.catalogue();
      const random = seededRandom(5);
      // Few players over three days: the same player twice in a day and an hour inside the batch.
      const plays = Array.from({ length: 120 }, (_, i) =>
        randomPlay(catalogue, random, `batch-${i}`, { players: 6, days: 3 }),
      );
      const broken = { ...randomPlay(catalogue, random, 'broken'), answers: [...plays[0]!.answers] };
      broken.answers[3] = { ...broken.answers[3]!, albumId: 999_999 }; // no such album: a foreign key fails
      const batch = [...plays.slice(0, 60), broken, plays[7]!, ...plays.slice(60)];
      const outcomes = await together.stores.plays.recordPlays(batch);
      expect(outcomes.filter((o) => o instanceof Error)).toHaveLength(1);
      expect(outcomes[60]).toBeInstanceOf(Error);
      expect(outcomes[61]).toMatchObject({ duplicate: true }); // the same token twice in one batch
      for (const play of plays) await alone.stores.plays.recordPlays([play]);
      expect(await together.stores.plays.verifyCounters()).toEqual([]);
      const counterTables = [
        'lyric_stats',
        'song_stats',
        'totals',
        'cumulative_days',
        'cumulative_scores',
        'song_confusions',
        'cumulative_confusions',
        'hour_stats',
      ];
      // Everything folded in on both (PostgreSQL's aggregator, docs/decisions/030; SQLite's flush).
      await together.stores.plays.flushCounters();
      await alone.stores.plays.flushCounters();
      const dump = async (app: EngineTestApp) =>
        Object.fromEntries(await Promise.all(counterTables.map(async (t) => [t, await dumpTable(app, t)])));
      expect(await dump(together)).toEqual(await dump(alone));
    },
    CLUSTER_START_MS,
  );

  test(
    'verify finds a tampered counter; rebuild restores it',
    async () => {
      const app = await appOn(engine);
      for (const correct of [5, 17, 30]) await submit(app, answerQuiz(await fetchQuiz(app), correct));
      // The counters are written by a flush (SQLite's per-line ones, docs/decisions/025) or the
      // aggregator (every one on PostgreSQL, docs/decisions/030, which may have folded some already):
      // tampered after it, nothing left pending.
      const counted = await app.stores.plays.flushCounters();
      if (engine === 'sqlite') expect(counted).toBe(3);
      else expect(await app.all('SELECT count(*)::int AS n FROM pending_plays')).toEqual([{ n: 0 }]);
      // The same statements on both engines.
      await app.all(
        'UPDATE song_stats SET correct = correct + 1 WHERE song_id = (SELECT min(song_id) FROM song_stats)',
      );
      await app.all('UPDATE totals SET plays = 7');
      await app.all('UPDATE cumulative_days SET h00 = h00 + 2');
      await app.all(
        `UPDATE cumulative_confusions SET times = times + 1 WHERE (day, lyric_id, selected_song_id) =
        (SELECT day, lyric_id, selected_song_id FROM cumulative_confusions ORDER BY 1, 2, 3 LIMIT 1)`,
      );
      await app.all('DELETE FROM day_players WHERE player_id = (SELECT min(player_id) FROM day_players)');
      // One row: a line missed twice may have two confusion rows (two different wrong songs).
      await app.all(
        `UPDATE lyric_confusions SET times = times + 1 WHERE (lyric_id, selected_song_id) =
        (SELECT lyric_id, selected_song_id FROM lyric_confusions ORDER BY lyric_id, selected_song_id LIMIT 1)`,
      );
      const differences = await app.stores.plays.verifyCounters();
      expect(differences.map((d) => `${d.table}.${d.column}`).sort()).toEqual([
        'cumulative_confusions.times',
        'cumulative_days.h00',
        'day_players.row',
        'lyric_confusions.times',
        'song_stats.correct',
        'totals.plays',
      ]);
      expect(differences.find((d) => d.table === 'totals')).toMatchObject({ stored: 7, recomputed: 3 });
      await app.stores.plays.rebuildCounters();
      expect(await app.stores.plays.verifyCounters()).toEqual([]);
    },
    CLUSTER_START_MS,
  );

  test(
    'kviz stats verify exits 1 on a difference, rebuild fixes it, verify then exits 0',
    async () => {
      const tamper = "INSERT INTO score_stats (mode, score, plays) VALUES ('normal', 12, 3)";
      let database: Record<string, string>;
      if (engine === 'sqlite') {
        const path = join(tempDir(), 'kviz.db');
        const db = createSqliteDb(path);
        migrateDb(db);
        db.$client.run(tamper);
        db.$client.close();
        database = { DATABASE_PATH: path };
      } else {
        const url = await createTestDatabase();
        await migratePg(url);
        const sql = new Bun.SQL(url, { max: 1 });
        await sql.unsafe(tamper);
        await sql.close();
        database = { DATABASE_URL: url };
      }
      const lines: string[] = [];
      const config = testConfig(database);
      const silent = () => ({ update: () => {}, finish: () => {} });
      const stats = (action: string) => statsCommand(config, action, (l) => lines.push(l), silent);
      expect(await stats('verify')).toBe(1);
      expect(lines).toContain('score_stats normal:12 plays: stored 3, recomputed 0');
      expect(await stats('rebuild')).toBe(0);
      expect(await stats('verify')).toBe(0);
      expect(lines.at(-1)).toBe('Counters agree with the raw answers.');
      expect(await stats('frobnicate')).toBe(2);
    },
    CLUSTER_START_MS,
  );
});
