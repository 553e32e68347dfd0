import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createTestApp, testConfig } from '../../test/support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { statsCommand } from '../cli/stats';
import { createDb } from '../db/client';
import { migrateDb } from '../db/migrate';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const playArbitrary = fc.record({
  correct: fc.integer({ min: 0, max: 30 }),
  player: fc.integer({ min: 1, max: 12 }),
  atMs: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2026, 0, 1) }),
  /** Which wrong option to pick, so selected songs vary. */
  wrongPick: fc.integer({ min: 0, max: 3 }),
  retry: fc.boolean(),
});

describe('counters', () => {
  test('property: after a few hundred random valid plays (with retries), every counter equals the recompute from the raw answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(playArbitrary, { minLength: 150, maxLength: 300 }), async (plays) => {
        const app = await createTestApp({
          env: { RATE_LIMIT_QUIZ_PER_MINUTE: '100000', RATE_LIMIT_SUBMIT_PER_MINUTE: '100000' },
        });
        for (const p of plays) {
          app.clock.ms = p.atMs;
          const quiz = await fetchQuiz(app);
          const body = answerQuiz(quiz, p.correct, uuid(p.player));
          body.answers.forEach((a, i) => {
            if (!a.isCorrect)
              a.selectedSongId = quiz.questions[i]!.options.filter((o) => o.id !== a.songId)[p.wrongPick]!.id;
          });
          expect((await submit(app, body)).status).toBe(200);
          if (p.retry) expect((await submit(app, body)).status).toBe(200);
        }
        expect(await app.stores.plays.verifyCounters()).toEqual([]);
        const overview = (await (await app.request('/api/stats/overview')).json()) as {
          totalAttempts: number;
          uniquePlayers: number;
        };
        expect(overview.totalAttempts).toBe(plays.length);
        expect(overview.uniquePlayers).toBe(new Set(plays.map((p) => p.player)).size);
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 60_000);

  test('verify finds a tampered counter; rebuild restores it', async () => {
    const app = await createTestApp();
    for (const correct of [5, 17, 30]) await submit(app, answerQuiz(await fetchQuiz(app), correct));
    app.db.$client.run(
      'UPDATE song_stats SET correct = correct + 1 WHERE rowid = (SELECT min(rowid) FROM song_stats)',
    );
    app.db.$client.run('UPDATE totals SET plays = 7');
    const differences = await app.stores.plays.verifyCounters();
    expect(differences.map((d) => `${d.table}.${d.column}`).sort()).toEqual([
      'song_stats.correct',
      'totals.plays',
    ]);
    expect(differences.find((d) => d.table === 'totals')).toMatchObject({ stored: 7, recomputed: 3 });
    await app.stores.plays.rebuildCounters();
    expect(await app.stores.plays.verifyCounters()).toEqual([]);
  });

  test('kviz stats verify exits 1 on a difference, rebuild fixes it, verify then exits 0', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'kviz-stats-')), 'kviz.db');
    const db = createDb(path);
    migrateDb(db);
    db.$client.run("INSERT INTO score_stats (difficulty, score, plays) VALUES ('normal', 12, 3)");
    db.$client.close();
    const lines: string[] = [];
    const config = testConfig({ DATABASE_PATH: path });
    expect(await statsCommand(config, 'verify', (l) => lines.push(l))).toBe(1);
    expect(lines).toContain('score_stats normal:12 plays: stored 3, recomputed 0');
    expect(await statsCommand(config, 'rebuild', (l) => lines.push(l))).toBe(0);
    expect(await statsCommand(config, 'verify', (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Counters agree with the raw answers.');
    expect(await statsCommand(config, 'frobnicate', (l) => lines.push(l))).toBe(2);
  });
});
