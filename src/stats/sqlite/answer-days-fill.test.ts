import { describe, expect, test } from 'bun:test';
import { createTestApp, testConfig } from '../../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../../test/support/play';
import { migrateDb } from '../../db/migrate';
import { convertOldRecord } from '../../runtime';
import { answerDaysPending } from './answer-days-fill';

const silent = () => ({ update: () => {}, finish: () => {} });

describe('migration 0003 on a database with plays', () => {
  test('marks cumulative_answers as pending; the next start fills it from the raw record and verify agrees', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000' } });
    for (let i = 0; i < 6; i++) {
      app.clock.advance(3_600 * 7);
      const body = answerQuiz(await fetchQuiz(app), 5 * i, `00000000-0000-4000-8000-00000000000${i}`);
      expect((await submit(app, body)).status).toBe(200);
    }
    const sqlite = app.db.$client;
    const stored = () => sqlite.query('SELECT * FROM cumulative_answers ORDER BY key_id, day').all();
    const before = stored();
    expect(before.length).toBeGreaterThan(30);
    // The database as the previous version left it: no table, migration 0003 not applied. Drizzle
    // applies the migrations after the latest recorded one, so 0004 (the daily challenge's empty
    // tables, made after 0003) goes too and is applied again.
    for (const table of ['cumulative_answers', 'daily_players', 'daily_scores', 'daily_lines'])
      sqlite.run(`DROP TABLE ${table}`);
    sqlite.run(
      'DELETE FROM __drizzle_migrations WHERE created_at IN (SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 2)',
    );
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
  });
});
