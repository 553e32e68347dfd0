import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, testConfig } from '../../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../../test/support/play';
import { answerDaysPending, confusionDaysPending } from './answer-days-fill';
import { migrateDb, migrationsFolder } from './migrate';
import { convertOldRecord } from './runtime';

/** Tables of migrations after 0005 (Kviz uživo's, 0007; the annotations, 0009; the source counts, 0010), dropped with the older ones so they can be applied again. */
const LATER_TABLES = ['party_lines', 'party_players', 'party_games', 'annotations', 'source_days'];

/** Undoes the schema changes of migrations after 0005 that are not new tables: 0008's column names, 0011's index. */
function undoLaterRenames(sqlite: { run(sql: string): unknown }): void {
  for (const table of ['plays', 'score_stats', 'cumulative_scores'])
    sqlite.run(`ALTER TABLE ${table} RENAME COLUMN mode TO difficulty`);
  sqlite.run('DROP INDEX plays_day');
}

const silent = () => ({ update: () => {}, finish: () => {} });

describe('migration 0003 on a database with plays', () => {
  test('marks cumulative_answers as pending; the next start fills it from the raw record and verify agrees', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000' } });
    for (let i = 0; i < 6; i++) {
      app.clock.advance(3_600 * 7);
      const body = answerQuiz(await fetchQuiz(app), 5 * i, `00000000-0000-4000-8000-00000000000${i}`);
      expect((await submit(app, body)).status).toBe(200);
    }
    await app.stores.plays.flushCounters(); // cumulative_answers is written by a flush (docs/decisions/025)
    const sqlite = app.db.$client;
    const stored = () => sqlite.query('SELECT * FROM cumulative_answers ORDER BY key_id, day').all();
    const before = stored();
    expect(before.length).toBeGreaterThan(30);
    // The database as the previous version left it: migrations after 0002 not applied, so
    // neither their tables (0003's, the daily challenge's of 0004, the confusions' of 0005).
    for (const table of [
      'cumulative_answers',
      'daily_players',
      'daily_scores',
      'daily_lines',
      'cumulative_confusions',
      ...LATER_TABLES,
    ])
      sqlite.run(`DROP TABLE ${table}`);
    undoLaterRenames(sqlite);
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const previous = journal.entries.find((entry) => entry.tag === '0002_time_series')!.when;
    sqlite.run('DELETE FROM __drizzle_migrations WHERE created_at > ?', [previous]);
    sqlite.run("DELETE FROM meta WHERE key = 'counters_counted_through'"); // migration 0005's
    migrateDb(app.db);
    expect(stored()).toEqual([]);
    expect(answerDaysPending(app.db)).toBe(true);
    expect((await app.stores.plays.verifyCounters()).length).toBeGreaterThan(0);

    await convertOldRecord({ db: app.db }, testConfig(), silent, () => {});
    expect(answerDaysPending(app.db)).toBe(false);
    expect(stored()).toEqual(before);
    expect(await app.stores.plays.verifyCounters()).toEqual([]);
  });

  test('an empty database is not marked', async () => {
    const app = await createTestApp();
    expect(answerDaysPending(app.db)).toBe(false);
    expect(confusionDaysPending(app.db)).toBe(false);
  });
});

describe('migration 0005 on a database with plays', () => {
  test('marks cumulative_confusions as pending; the next start fills it from the raw record, the range confusions are right and verify agrees', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000' } });
    for (let i = 0; i < 6; i++) {
      app.clock.advance(3_600 * 9);
      const body = answerQuiz(await fetchQuiz(app), 4 * i, `00000000-0000-4000-8000-00000000000${i}`);
      expect((await submit(app, body)).status).toBe(200);
    }
    await app.stores.plays.flushCounters(); // cumulative_confusions is written by a flush (docs/decisions/025)
    const sqlite = app.db.$client;
    const stored = () =>
      sqlite.query('SELECT * FROM cumulative_confusions ORDER BY lyric_id, selected_song_id, day').all();
    const before = stored();
    expect(before.length).toBeGreaterThan(30);
    const days = sqlite.query<{ day: string }, []>('SELECT DISTINCT day FROM plays ORDER BY day').all();
    expect(days.length).toBeGreaterThan(1);
    const range = { from: days[1]!.day, to: days.at(-1)!.day };
    const top = await app.stores.stats.getTopConfusions({ limit: 100, range });
    // The database as 0004 left it: 0005 not applied, so no cumulative_confusions.
    for (const table of ['cumulative_confusions', ...LATER_TABLES]) sqlite.run(`DROP TABLE ${table}`);
    undoLaterRenames(sqlite);
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const previous = journal.entries.find((entry) => entry.tag === '0004_daily_challenge')!.when;
    sqlite.run('DELETE FROM __drizzle_migrations WHERE created_at > ?', [previous]);
    migrateDb(app.db);
    expect(stored()).toEqual([]);
    expect(confusionDaysPending(app.db)).toBe(true);
    expect(answerDaysPending(app.db)).toBe(false);
    const differences = await app.stores.plays.verifyCounters();
    expect(new Set(differences.map((d) => d.table))).toEqual(new Set(['cumulative_confusions']));

    await convertOldRecord({ db: app.db }, testConfig(), silent, () => {});
    expect(confusionDaysPending(app.db)).toBe(false);
    expect(stored()).toEqual(before);
    expect(await app.stores.stats.getTopConfusions({ limit: 100, range })).toEqual(top);
    expect(await app.stores.plays.verifyCounters()).toEqual([]);
  });
});
