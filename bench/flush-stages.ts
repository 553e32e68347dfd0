/**
 * `bun bench/flush-stages.ts`: the deferred counters' flush alone (docs/decisions/025), in
 * process, on a database file (WAL, as served). Plays are recorded through app.handle with the
 * app's flush held back, then flushed in one go: CPU microseconds a play for flushes of
 * `FLUSH_PLAYS` (default 300, 1000 and 3000) plays, several rounds each (the later rounds update
 * rows the earlier ones made, as a running server does). `STAGE_DAYS` spreads the plays over that
 * many days (clock moved a day a round) to include the running totals' carry from the day before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedCatalogue } from '../src/storage/sqlite/catalogue-seed';
import { createSqliteDb } from '../src/storage/sqlite/client';
import { migrateDb } from '../src/storage/sqlite/migrate';
import { createTestAppOver } from '../test/support/fixtures';

const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const sizes = (process.env.FLUSH_PLAYS ?? '300,1000,3000').split(',').map(Number);
const ROUNDS = Number(process.env.FLUSH_ROUNDS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'kviz-flush-'));
const db = createSqliteDb(join(dir, 'kviz.db'));
migrateDb(db);
seedCatalogue(db);
const limits = {
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
};
const { createSqliteStores } = await import('../src/storage/sqlite/stores');
const stores = createSqliteStores(db, 'test-salt');
const flushCounters = stores.plays.flushCounters;
let hold = true;
stores.plays.flushCounters = async () => (hold ? 0 : flushCounters());
const { app } = await createTestAppOver(db, { env: limits, stores });
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface Question {
  lyricId: number;
  correctSongId: number;
  options: { id: number }[];
}
let made = 0;
async function bodies(count: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++, made++) {
    const res = await app.handle(new Request('http://localhost/api/quiz?count=30'));
    const token = res.headers.get('x-quiz-token')!;
    const questions = (await res.json()) as Question[];
    const correct = made % 31;
    out.push(
      JSON.stringify({
        quizToken: token,
        sessionId: `00000000-0000-4000-8000-${String(made % 5000).padStart(12, '0')}`,
        deviceInfo: UA,
        score: correct,
        totalQuestions: 30,
        answers: questions.map((q, n) => ({
          lyricId: q.lyricId,
          songId: q.correctSongId,
          selectedSongId:
            n < correct ? q.correctSongId : q.options.filter((o) => o.id !== q.correctSongId)[made % 3]!.id,
          isCorrect: n < correct,
        })),
      }),
    );
  }
  return out;
}
async function record(list: string[]) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const res = await app.handle(
        new Request('http://localhost/api/stats/submit-quiz', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: list[next++]!,
        }),
      );
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}
for (const size of sizes) {
  const figures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await record(await bodies(size));
    hold = false;
    const started = cpu();
    const counted = await stores.plays.flushCounters();
    const micros = cpu() - started;
    hold = true;
    if (counted !== size) throw new Error(`flushed ${counted}, expected ${size}`);
    figures.push((micros / size).toFixed(0));
  }
  console.log(`flush of ${String(size).padStart(5)} plays: ${figures.join(', ')} µs a play (rounds)`);
}
rmSync(dir, { recursive: true, force: true });
// Something the test app opens can keep the event loop alive after the last line (seen twice in
// ten runs: the process idle in epoll, its database already removed): end it here.
process.exit(0);
