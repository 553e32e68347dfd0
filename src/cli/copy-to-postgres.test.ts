import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCatalogue, testConfig } from '../../test/support/fixtures';
import { CLUSTER_START_MS, createTestDatabase } from '../../test/support/postgres';
import { randomPlay } from '../../test/support/random-play';
import { validateCatalogue } from '../catalogue/validate';
import { seededRandom } from '../shared/seeded-random';
import type { Runtime } from '../storage/contract';
import { Interrupted } from '../storage/contract';
import { openRuntime } from '../storage/open';
import { closePgDb, createPgDb, migratePg } from '../storage/pg/client';
import { openSqliteRuntime } from '../storage/sqlite/runtime';
import { copySqliteToPg, targetRows } from './copy-from-sqlite';
import { copyToPostgresCommand } from './copy-to-postgres';

const quiet = () => ({ update() {}, finish() {} });
const FIRST_DAY = '2025-04-15';
const LAST_DAY = '2025-04-24';

/** Everything a reader of either engine sees, all-time and over the ten days. */
async function readings(runtime: Runtime) {
  const s = runtime.stores.stats;
  return {
    overview: await s.getOverview(),
    histogram: [...(await s.getScoreHistogram())],
    hardHistogram: [...(await s.getScoreHistogram('hard'))],
    lyrics: await s.getLyricStats(),
    songs: await s.getSongStats(),
    albums: await s.getAlbumStats(),
    hourly: await s.getHourly(),
    days: [...(await s.getDays(FIRST_DAY, LAST_DAY))],
    quizzes: [...(await s.getQuizzesIssued(FIRST_DAY, LAST_DAY))],
    range: await s.getRangeSongStats('2025-04-17', '2025-04-20'),
    top: await s.getTopConfusions({ limit: 20 }),
    firstDay: await s.getFirstDay(),
    dailyScores: [...(await runtime.stores.daily.getScores(FIRST_DAY))],
    sources: (await runtime.stores.sources.sums(FIRST_DAY, LAST_DAY)).sort((x, y) =>
      `${x.kind} ${x.key}`.localeCompare(`${y.kind} ${y.key}`),
    ),
    secrets: runtime.secrets,
    daily: runtime.daily,
    catalogue: runtime.catalogue.askable.map((l) => [l.id, l.song.id, l.song.album.id]),
  };
}

describe('kviz copy-to-postgres', () => {
  let dir: string;
  let config: ReturnType<typeof testConfig>;
  let played: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kviz-copy-pg-'));
    config = testConfig({ DATABASE_PATH: join(dir, 'kviz.db'), DATABASE_URL: await createTestDatabase() });
    // A SQLite deployment with history: plays of every mode over ten days, quizzes issued.
    const source = await openSqliteRuntime(config, { seed: false });
    try {
      await source.importCatalogue(validateCatalogue(makeCatalogue(), { lint: false }).catalogue!);
      const runtime = await openSqliteRuntime(config, { seed: false });
      const random = seededRandom(19);
      const modes = ['normal', 'easy', 'hard'] as const;
      const plays = Array.from({ length: 240 }, (_, i) => {
        const play = randomPlay(runtime.catalogue, random, `copy-${i}`, { players: 40, days: 10 });
        play.difficulty = modes[i % 3]!;
        if (i % 7 === 0) play.dailyDay = play.day;
        return play;
      });
      for (let i = 0; i < plays.length; i += 40)
        await runtime.stores.plays.recordPlays(plays.slice(i, i + 40), new Map([[FIRST_DAY, 3 + i]]));
      played = plays.length;
      // Where visits came from and the shares (docs/decisions/040): no raw record to rebuild them from.
      await runtime.stores.sources.add([
        { day: FIRST_DAY, kind: 'referrer', key: 'facebook.com', count: 12 },
        { day: FIRST_DAY, kind: 'referrer', key: '', count: 4 },
        { day: LAST_DAY, kind: 'campaign', key: 'radio|qr|jesen', count: 3 },
        { day: LAST_DAY, kind: 'share', key: 'whatsapp', count: 2 },
      ]);
      await runtime.close();
    } finally {
      await source.close();
    }
  }, CLUSTER_START_MS);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test(
    'copies the raw record, catalogue, players and settings; the rebuilt counters read exactly as on SQLite',
    async () => {
      const lines: string[] = [];
      expect(await copyToPostgresCommand(config, [], (l) => lines.push(l), quiet)).toBe(0);
      expect(lines.join('\n')).toContain(`${played} plays`);
      expect(lines.join('\n')).toContain(
        'Counters rebuilt on PostgreSQL and verified against the raw record.',
      );

      const sqlite = await openSqliteRuntime(config, { seed: false });
      const postgres = await openRuntime(config, { seed: false });
      try {
        expect(postgres.engine).toBe('postgres');
        const [a, b] = [await readings(sqlite), await readings(postgres)];
        expect(a.overview.totalAttempts).toBe(played);
        expect(a.quizzes.length).toBeGreaterThan(0);
        expect(a.dailyScores.length).toBeGreaterThan(0);
        expect(a.sources.length).toBe(4);
        expect(b).toEqual(a);

        // The same token cannot be recorded twice across the move, and a new play gets a new id.
        const random = seededRandom(5);
        const [again] = await postgres.stores.plays.recordPlays([
          randomPlay(postgres.catalogue, random, 'copy-0', { players: 40, days: 10 }),
        ]);
        expect(again).toMatchObject({ duplicate: true });
        const [fresh] = await postgres.stores.plays.recordPlays([
          randomPlay(postgres.catalogue, random, 'copy-new', { players: 40, days: 10 }),
        ]);
        // (A sequence value is spent by the refused duplicate: PostgreSQL draws it before the conflict.)
        expect(fresh).toMatchObject({ duplicate: false });
        expect((fresh as { playId: number }).playId).toBeGreaterThan(played);
      } finally {
        await sqlite.close();
        await postgres.close();
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'refuses a target that already holds data, and writes nothing',
    async () => {
      const lines: string[] = [];
      expect(await copyToPostgresCommand(config, [], (l) => lines.push(l), quiet)).toBe(1);
      expect(lines.join('\n')).toContain('already holds data');
      const target = createPgDb(config.databaseUrl!, { max: 1 });
      try {
        expect((await targetRows(target)).plays).toBe(played + 1);
      } finally {
        await closePgDb(target);
      }
    },
    CLUSTER_START_MS,
  );

  test(
    'an interrupted copy (Ctrl-C) leaves the target empty',
    async () => {
      const url = await createTestDatabase();
      await migratePg(url);
      const source = await openSqliteRuntime(config, { seed: false });
      const target = createPgDb(url, { max: 1 });
      try {
        const controller = new AbortController();
        let steps = 0;
        const copying = copySqliteToPg(source.db, target, {
          signal: controller.signal,
          onProgress: () => {
            // Ctrl-C once the catalogue is written, before the players and plays.
            if (++steps === 5) controller.abort();
          },
        });
        await expect(copying).rejects.toBeInstanceOf(Interrupted);
        expect(steps).toBe(5);
        expect(await targetRows(target)).toEqual({ albums: 0, players: 0, plays: 0 });
      } finally {
        await closePgDb(target);
        await source.close();
      }
    },
    CLUSTER_START_MS,
  );

  test('needs DATABASE_URL and an existing SQLite file', async () => {
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    expect(
      await copyToPostgresCommand(testConfig({ DATABASE_PATH: join(dir, 'kviz.db') }), [], out, quiet),
    ).toBe(2);
    expect(
      await copyToPostgresCommand({ ...config, databasePath: join(dir, 'missing.db') }, [], out, quiet),
    ).toBe(1);
    expect(lines.join('\n')).toContain('Usage: kviz copy-to-postgres');
    expect(lines.join('\n')).toContain('There is no SQLite database at');
  });
});
