/**
 * `bun bench/submit-stages.ts`: where the server's time for `POST /api/stats/submit-quiz` goes,
 * in process, on a database file (WAL, as served): CPU microseconds a play for the whole request
 * through app.handle (50 in flight, so plays share commits as under load) and for its stages
 * alone, the deferred counters' flushes included (docs/decisions/025). docs/performance.md records
 * its figures before and after a change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyUserAgent, createDeviceClassifier } from '../src/play/device';
import { gradeSubmission } from '../src/play/grade';
import { verifyQuizToken } from '../src/quiz/token';
import { seedCatalogue } from '../src/storage/sqlite/catalogue-seed';
import { createSqliteDb } from '../src/storage/sqlite/client';
import { migrateDb } from '../src/storage/sqlite/migrate';
import { createTestAppOver } from '../test/support/fixtures';

const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const PLAYS = Number(process.env.STAGE_PLAYS ?? 6_000);
const dir = mkdtempSync(join(tmpdir(), 'kviz-stages-'));
const db = createSqliteDb(join(dir, 'kviz.db'));
migrateDb(db);
seedCatalogue(db);
const limits = {
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
};
const { createSqliteStores } = await import('../src/storage/sqlite/stores');
// The store's recordPlays timed inside the whole request (CPU µs, summed over its calls).
const stores = createSqliteStores(db, 'test-salt');
let recordMicros = 0;
let recordBatches = 0;
// The deferred counters' flushes (docs/decisions/025), by the app's timer and the last one below.
let flushMicros = 0;
let flushes = 0;
const flushCounters = stores.plays.flushCounters;
stores.plays.flushCounters = async () => {
  const started = cpu();
  try {
    return await flushCounters();
  } finally {
    flushMicros += cpu() - started;
    flushes++;
  }
};
const recordPlays = stores.plays.recordPlays;
stores.plays.recordPlays = async (batch, issued) => {
  const started = cpu();
  try {
    return await recordPlays(batch, issued);
  } finally {
    recordMicros += cpu() - started;
    if (batch.length > 0) recordBatches++;
  }
};
const { app, deps } = await createTestAppOver(db, { env: limits, stores });
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Question {
  lyricId: number;
  correctSongId: number;
  options: { id: number }[];
}
async function bodies(count: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.handle(new Request('http://localhost/api/quiz?count=30'));
    const token = res.headers.get('x-quiz-token')!;
    const questions = (await res.json()) as Question[];
    const correct = i % 31;
    out.push(
      JSON.stringify({
        quizToken: token,
        sessionId: `00000000-0000-4000-8000-${String(i % 5000).padStart(12, '0')}`,
        deviceInfo: UA,
        score: correct,
        totalQuestions: 30,
        answers: questions.map((q, n) => ({
          lyricId: q.lyricId,
          songId: q.correctSongId,
          selectedSongId: n < correct ? q.correctSongId : q.options.find((o) => o.id !== q.correctSongId)!.id,
          isCorrect: n < correct,
        })),
      }),
    );
  }
  return out;
}

const all = await bodies(PLAYS * 2);
const post = (body: string) =>
  app.handle(
    new Request('http://localhost/api/stats/submit-quiz', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
  );

/** The whole request, `inFlight` at a time: µs of CPU a play. */
async function whole(list: string[], inFlight: number): Promise<number> {
  let next = 0;
  const started = cpu();
  const worker = async () => {
    while (next < list.length) {
      const res = await post(list[next++]!);
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  // The counters left to a flush are part of what the plays cost.
  await stores.plays.flushCounters();
  return (cpu() - started) / list.length;
}

const stage = (name: string, fn: (body: string, i: number) => unknown, list: string[]) => {
  const started = cpu();
  for (const [i, b] of list.entries()) fn(b, i);
  console.log(`${((cpu() - started) / list.length).toFixed(1).padStart(7)} µs  ${name}`);
};

const warm = all.slice(0, PLAYS);
const measured = all.slice(PLAYS);
await whole(warm.slice(0, 1000), 50);
recordMicros = 0;
recordBatches = 0;
flushMicros = 0;
flushes = 0;
console.log(
  `${(await whole(measured, 50)).toFixed(1).padStart(7)} µs  whole request (app.handle, 50 in flight)`,
);
console.log(
  `${(recordMicros / measured.length).toFixed(1).padStart(7)} µs  of it in recordPlays (${(measured.length / recordBatches).toFixed(1)} plays a batch)`,
);
console.log(
  `${(flushMicros / measured.length).toFixed(1).padStart(7)} µs  of it in flushCounters (${flushes} flushes, the last after the load)`,
);
const secret = deps.secrets.quizToken;
const parsed = measured.map((b) => JSON.parse(b));
stage('JSON.parse of the body', (b) => JSON.parse(b), measured);
stage(
  'verifyQuizToken',
  (_, i) => verifyQuizToken(secret, parsed[i].quizToken, deps.clock.nowSeconds(), 86_400),
  measured,
);
const catalogue = deps.catalogue();
const payloads = parsed.map((p) => {
  const check = verifyQuizToken(secret, p.quizToken, deps.clock.nowSeconds(), 86_400);
  if (!check.ok) throw new Error('token');
  return check.payload;
});
stage('gradeSubmission', (_, i) => gradeSubmission(catalogue, payloads[i]!, parsed[i]), measured);
stage('classifyUserAgent (uncached)', () => classifyUserAgent(UA), measured.slice(0, 500));
const cached = createDeviceClassifier();
stage('device classifier (cached)', () => cached(UA), measured);
rmSync(dir, { recursive: true, force: true });
