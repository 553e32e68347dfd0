import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  createCatalogueDatabase,
  createEngineStores,
  type EngineStores,
  openPgStores,
} from '../../../test/support/engines';
import { CLUSTER_START_MS } from '../../../test/support/postgres';
import { randomPlay } from '../../../test/support/random-play';
import { seededRandom } from '../../shared/seeded-random';
import type { StatsStores } from '../contract';
import { loadCatalogueIndexPg } from './catalogue';
import { closePgDb, createPgDb } from './client';
import { createPgStores } from './stores';

/** Every read of the statistics interface, for comparing two stores. */
async function everyRead({ stats, daily }: StatsStores) {
  const confusions = { limit: 50 };
  const aRange = { from: '2025-04-16', to: '2025-04-18' };
  const player = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    firstDay: await stats.getFirstDay(),
    rangeLyrics: await stats.getRangeLyricStats('2025-04-15', '2025-04-17'),
    rangeSongs: await stats.getRangeSongStats('2025-04-16', '2025-04-19'),
    rangeAlbums: await stats.getRangeAlbumStats('2025-04-14', '2025-04-16'),
    rangeAlbumsOneDay: await stats.getRangeAlbumStats('2025-04-17', '2025-04-17'),
    dailyScores: await Promise.all(['2025-04-15', '2025-04-16', '2025-04-17'].map((d) => daily.getScores(d))),
    dailyLines: await Promise.all(['2025-04-15', '2025-04-16', '2025-04-17'].map((d) => daily.getLines(d))),
    rankedDays: await Promise.all([0, 1, 2, 3, 4].map((n) => daily.getRankedDays(player(n), '2025-04-01'))),
    overview: await stats.getOverview(),
    histogram: [...(await stats.getScoreHistogram('normal'))].sort(),
    lyrics: await stats.getLyricStats(),
    songs: await stats.getSongStats(),
    albums: await stats.getAlbumStats(),
    hourly: await stats.getHourly(),
    daysThrough: await stats.getDaysThrough('2025-04-20'),
    daysThroughEarly: await stats.getDaysThrough('2025-04-16'),
    scoresThrough: await stats.getScoresThrough('2025-04-20', 'normal'),
    quizzesThrough: await stats.getQuizzesThrough('2025-04-20'),
    days: [...(await stats.getDays('2025-04-14', '2025-04-19'))],
    quizzes: [...(await stats.getQuizzesIssued('2025-04-14', '2025-04-19'))],
    lineConfusions: await stats.getLineConfusions(1, confusions),
    songConfusions: await stats.getSongConfusions(1, confusions),
    topConfusions: await stats.getTopConfusions(confusions),
    rangeLineConfusions: await Promise.all(
      [1, 2, 3, 40, 41].map((id) => stats.getLineConfusions(id, { limit: 50, range: aRange })),
    ),
    rangeSongConfusions: await Promise.all(
      [1, 2, 3].map((id) => stats.getSongConfusions(id, { limit: 50, range: aRange })),
    ),
    rangeTopConfusions: await stats.getTopConfusions({ limit: 50, range: aRange }),
    oneDayTopConfusions: await stats.getTopConfusions({
      limit: 50,
      range: { from: '2025-04-17', to: '2025-04-17' },
    }),
    distinctPlayers: await stats.getDistinctPlayers('2025-04-15', '2025-04-18'),
  };
}

describe('the PostgreSQL stores against the SQLite ones', () => {
  let sqlite: EngineStores;
  let postgres: EngineStores;
  beforeAll(async () => {
    [sqlite, postgres] = [await createEngineStores('sqlite'), await createEngineStores('postgres')];
  }, CLUSTER_START_MS);
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  }, 30_000);

  test(
    'the same plays (batches, retries, several days, daily challenge plays, quizzes issued) give the same answer to every read, and both verify clean',
    async () => {
      const random = seededRandom(23);
      const options = { players: 12, days: 5 };
      for (let batch = 0; batch < 12; batch++) {
        const plays = Array.from({ length: 1 + (batch % 5) }, (_, i) => {
          const play = randomPlay(sqlite.catalogue, random, `nonce-${batch}-${i}`, options);
          // Every third play is a daily challenge: of its own day (ranked once a player and
          // day, practice after) or of the day before (never ranked).
          if (i % 3 === 1) return { ...play, dailyDay: play.day };
          if (i % 3 === 2 && batch % 2 === 0)
            return {
              ...play,
              dailyDay: new Date(Date.parse(play.day) - 86_400_000).toISOString().slice(0, 10),
            };
          return play;
        });
        // A retry of an earlier token inside the batch: recorded once.
        if (batch > 0) plays.push({ ...plays[0]!, nonce: `nonce-${batch - 1}-0` });
        const issued = new Map([[plays[0]!.day, batch + 1]]);
        const [a, b] = [
          await sqlite.stores.plays.recordPlays(plays, issued),
          await postgres.stores.plays.recordPlays(plays, issued),
        ];
        expect(b.map((o) => (o instanceof Error ? o.message : { ...o, playId: 0 }))).toEqual(
          a.map((o) => (o instanceof Error ? o.message : { ...o, playId: 0 })),
        );
      }
      // A play on an earlier day than those recorded: the running totals after it move too.
      const early = randomPlay(sqlite.catalogue, random, 'early', { atMs: Date.UTC(2025, 3, 14, 23) });
      await sqlite.stores.plays.recordPlays([early]);
      await postgres.stores.plays.recordPlays([early]);

      // Before the aggregator's turn the plays are pending: verify accounts for them.
      expect(await postgres.stores.plays.verifyCounters()).toEqual([]);
      await postgres.stores.plays.flushCounters();
      const reads = await everyRead(postgres.stores);
      expect(reads.overview.totalAttempts).toBeGreaterThan(30);
      // The new reads have something to compare: ranked daily plays, range counts.
      expect(reads.dailyScores.some((scores) => scores.size > 0)).toBe(true);
      expect(reads.rankedDays.some((days) => days.length > 0)).toBe(true);
      expect(reads.rangeLyrics.some((row) => row.occurrences > 0)).toBe(true);
      expect(reads.rangeTopConfusions.length).toBeGreaterThan(3);
      expect(reads.rangeSongConfusions.some((rows) => rows.length > 0)).toBe(true);
      // Fewer picks in the range than all time (the range leaves days out).
      const sum = (rows: { times: number }[]) => rows.reduce((s, r) => s + r.times, 0);
      expect(sum(reads.rangeTopConfusions)).toBeLessThan(sum(reads.topConfusions));
      expect(reads.distinctPlayers).toBeGreaterThan(1);
      expect(reads).toEqual(await everyRead(sqlite.stores));
      expect(await postgres.stores.plays.verifyCounters()).toEqual([]);
      expect(await sqlite.stores.plays.verifyCounters()).toEqual([]);
      expect(await postgres.stores.plays.checkIntegrity()).toEqual([]);
    },
    CLUSTER_START_MS,
  );

  test(
    'verify finds a damaged counter; rebuild repairs it and changes the version',
    async () => {
      const other = await openPgStores(postgres.url!);
      try {
        await other.db.$client`UPDATE totals SET plays = plays + 3`;
        await other.db.$client`DELETE FROM day_players WHERE ctid IN (SELECT ctid FROM day_players LIMIT 1)`;
        await other.db
          .$client`UPDATE cumulative_answers SET correct = correct + 1 WHERE ctid IN (SELECT ctid FROM cumulative_answers LIMIT 1)`;
        await other.db
          .$client`UPDATE daily_lines SET occurrences = occurrences + 2 WHERE ctid IN (SELECT ctid FROM daily_lines LIMIT 1)`;
        await other.db
          .$client`DELETE FROM daily_players WHERE ctid IN (SELECT ctid FROM daily_players LIMIT 1)`;
        const differences = await postgres.stores.plays.verifyCounters();
        expect([...new Set(differences.map((d) => `${d.table}.${d.column}`))].sort()).toEqual([
          'cumulative_answers.correct',
          'daily_lines.occurrences',
          'daily_players.row',
          'day_players.row',
          'totals.plays',
        ]);
        const before = postgres.stores.stats.version();
        await postgres.stores.plays.rebuildCounters();
        expect(postgres.stores.stats.version()).not.toBe(before);
        expect(await postgres.stores.plays.verifyCounters()).toEqual([]);
        expect(await everyRead(postgres.stores)).toEqual(await everyRead(sqlite.stores));
      } finally {
        await other.close();
      }
    },
    CLUSTER_START_MS,
  );
});

describe('the statistics versions of PostgreSQL', () => {
  test(
    "a commit moves the version (the percentile counts pending plays) but not the counters' version; a fold moves both",
    async () => {
      const db = createPgDb(await createCatalogueDatabase(), { max: 2 });
      const stores = createPgStores(db, 'test-salt');
      try {
        await stores.ready;
        // No aggregator turn or version read from here on: only this test's commits and folds move them.
        stores.close();
        const counters = stores.stats.countersVersion!;
        const [version, folded] = [stores.stats.version(), counters()];
        const play = randomPlay(await loadCatalogueIndexPg(db), seededRandom(3), 'versions');
        await stores.plays.recordPlays([play]);
        expect(stores.stats.version()).not.toBe(version);
        expect(counters()).toBe(folded);
        // The pending play is in the histogram already, not yet in the overview.
        expect([...(await stores.stats.getScoreHistogram(play.difficulty))]).toEqual([[play.score, 1]]);
        expect((await stores.stats.getOverview()).totalAttempts).toBe(0);
        const committed = stores.stats.version();
        expect(await stores.plays.flushCounters()).toBe(1);
        expect(counters()).not.toBe(folded);
        expect(stores.stats.version()).not.toBe(committed);
        expect((await stores.stats.getOverview()).totalAttempts).toBe(1);
      } finally {
        await closePgDb(db);
      }
    },
    CLUSTER_START_MS,
  );
});

describe('several instances over one PostgreSQL database', () => {
  test(
    'a token submitted to two instances at once records one play, and both answer its first result',
    async () => {
      const first = await createEngineStores('postgres');
      const second = await openPgStores(first.url!);
      try {
        const random = seededRandom(5);
        for (let i = 0; i < 20; i++) {
          const play = randomPlay(first.catalogue, random, `shared-${i}`);
          const [a, b] = await Promise.all([
            first.stores.plays.recordPlays([play]),
            second.stores.plays.recordPlays([play]),
          ]);
          const outcomes = [a[0], b[0]] as { playId: number; duplicate: boolean }[];
          expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
          expect(outcomes[0]!.playId).toBe(outcomes[1]!.playId);
        }
        await second.stores.plays.flushCounters();
        expect((await first.stores.stats.getOverview()).totalAttempts).toBe(20);
        expect(await second.stores.plays.verifyCounters()).toEqual([]);
      } finally {
        await second.close();
        await first.close();
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'a play on one instance is counted in the counters another instance reads within a second (the aggregator runs on its own)',
    async () => {
      const first = await createEngineStores('postgres');
      const second = await openPgStores(first.url!);
      try {
        const before = second.stores.stats.version();

        const play = randomPlay(first.catalogue, seededRandom(1), 'seen-elsewhere');
        await first.stores.plays.recordPlays([play]);
        const committedAt = performance.now();
        // The percentile counts the play at once, folded in or still pending (one snapshot of both).
        const histogram = await first.stores.stats.getScoreHistogram(play.difficulty);
        expect([...histogram]).toEqual([[play.score, 1]]);
        while (second.stores.stats.version() === before && performance.now() - committedAt < 5_000)
          await Bun.sleep(10);
        expect(second.stores.stats.version()).not.toBe(before);
        // The aggregator's turn (AGGREGATE_EVERY_MS), its fold, the other instance's version read.
        expect(performance.now() - committedAt).toBeLessThan(1_000);
        expect((await second.stores.stats.getOverview()).totalAttempts).toBe(1);
      } finally {
        await second.close();
        await first.close();
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'concurrent batches of two instances over the same players, days and counters stay exact',
    async () => {
      const first = await createEngineStores('postgres');
      const second = await openPgStores(first.url!);
      try {
        const random = seededRandom(9);
        const batches = (prefix: string) =>
          Array.from({ length: 8 }, (_, b) =>
            Array.from({ length: 4 }, (_, i) =>
              randomPlay(first.catalogue, random, `${prefix}-${b}-${i}`, { players: 6, days: 2 }),
            ),
          );
        const [one, two] = [batches('a'), batches('b')];
        const outcomes = await Promise.all([
          (async () => {
            const all = [];
            for (const b of one) all.push(...(await first.stores.plays.recordPlays(b)));
            return all;
          })(),
          (async () => {
            const all = [];
            for (const b of two) all.push(...(await second.stores.plays.recordPlays(b)));
            return all;
          })(),
        ]);
        expect(outcomes.flat().filter((o) => o instanceof Error)).toEqual([]);
        // Verify is exact with plays pending, then once they are folded in.
        expect(await second.stores.plays.verifyCounters()).toEqual([]);
        await first.stores.plays.flushCounters();
        expect((await first.stores.stats.getOverview()).totalAttempts).toBe(64);
        expect(await first.stores.plays.verifyCounters()).toEqual([]);
      } finally {
        await second.close();
        await first.close();
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'a token replayed under another, new session in a batch (or on another instance at once) makes no player row: that session’s own first play still counts as its first',
    async () => {
      const first = await createEngineStores('postgres');
      const second = await openPgStores(first.url!);
      const sql = new Bun.SQL(first.url!, { max: 1 });
      try {
        const random = seededRandom(21);
        const session = (n: number) => `00000000-0000-4000-8000-${String(900 + n).padStart(12, '0')}`;
        const as = (play: ReturnType<typeof randomPlay>, n: number) => ({ ...play, sessionId: session(n) });
        const players = async () => Number((await sql`SELECT count(*)::int AS n FROM players`)[0].n);
        // The token recorded under session 0, then replayed under the new session 1 in a batch
        // with session 2's play: the replay is answered with the first result, no row for session 1.
        const token = randomPlay(first.catalogue, random, 'replayed');
        const [recorded] = (await first.stores.plays.recordPlays([as(token, 0)])) as { playId: number }[];
        const outcomes = (await first.stores.plays.recordPlays([
          as(token, 1),
          as(randomPlay(first.catalogue, random, 'other'), 2),
        ])) as { playId: number; duplicate: boolean }[];
        expect(outcomes.map((o) => o.duplicate)).toEqual([true, false]);
        expect(outcomes[0]!.playId).toBe(recorded!.playId);
        expect(await players()).toBe(2);
        // The same on two instances at once, each batch with a play of its own: one records it.
        for (let i = 0; i < 10; i++) {
          const shared = randomPlay(first.catalogue, random, `raced-${i}`);
          const [a, b] = await Promise.all([
            first.stores.plays.recordPlays([
              as(shared, 10 + i),
              as(randomPlay(first.catalogue, random, `a-${i}`), 30 + i),
            ]),
            second.stores.plays.recordPlays([
              as(shared, 50 + i),
              as(randomPlay(first.catalogue, random, `b-${i}`), 70 + i),
            ]),
          ]);
          const both = [a[0], b[0]] as { playId: number; duplicate: boolean }[];
          expect(both.filter((o) => !o.duplicate)).toHaveLength(1);
          expect(both[0]!.playId).toBe(both[1]!.playId);
          expect([a[1], b[1]].every((o) => !(o instanceof Error) && !o!.duplicate)).toBe(true);
        }
        // Every player row has a play: none was made for a replay that was not recorded.
        expect(
          (
            await sql`SELECT count(*)::int AS n FROM players p WHERE NOT EXISTS (SELECT 1 FROM plays WHERE player_id = p.id)`
          )[0].n,
        ).toBe(0);
        // Session 1's own first play is its player's first (a stray row would have made it not).
        await first.stores.plays.recordPlays([as(randomPlay(first.catalogue, random, 'own'), 1)]);
        await first.stores.plays.flushCounters();
        expect((await first.stores.stats.getOverview()).uniquePlayers).toBe(await players());
        expect(await first.stores.plays.verifyCounters()).toEqual([]);
      } finally {
        await sql.close();
        await second.close();
        await first.close();
      }
    },
    CLUSTER_START_MS,
  );
});
