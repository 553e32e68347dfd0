/**
 * `bun bench/quiz-stages.ts`: where the server's time for `GET /api/quiz` goes, stage by stage,
 * in process (app.handle, no socket): CPU microseconds a call, best of five batches
 * (`process.cpuUsage`, so time other processes take on this shared machine is not counted).
 * docs/performance.md records its figures before and after a change.
 */
import { Elysia } from 'elysia';
import { serializeQuiz } from '../src/quiz/serialize';
import { createQuiz } from '../src/quiz/service';
import { loadCatalogueIndex } from '../src/storage/sqlite/catalogue-load';
import { seedCatalogue } from '../src/storage/sqlite/catalogue-seed';
import { createSqliteDb } from '../src/storage/sqlite/client';
import { migrateDb } from '../src/storage/sqlite/migrate';
import { createTestAppOver } from '../test/support/fixtures';

const BATCH = Number(process.env.STAGE_BATCH ?? 20_000);

/** CPU µs a call of `fn` (awaited when it returns a promise), best of five batches. */
async function cpuMicros(fn: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) {
      const value = fn();
      if (value instanceof Promise) await value;
    }
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / BATCH);
  }
  return best;
}

// The seeded catalogue the product ships (2,000+ lines), as a production server has it.
const db = createSqliteDb(':memory:');
migrateDb(db);
seedCatalogue(db);
const { app } = await createTestAppOver(db, {
  env: { RATE_LIMIT_QUIZ_PER_MINUTE: '1000000' },
});
const index = loadCatalogueIndex(db);
const secret = 'bench-secret-bench-secret-bench-secret';
const quiz = createQuiz(index, secret, 30, 1_700_000_000);
const bytes = serializeQuiz(index, quiz.questions);
const bare = new Elysia().get(
  '/bytes',
  () =>
    new Response(bytes, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-quiz-token': quiz.token },
    }),
);
const request = (path: string) => new Request(`http://localhost${path}`);
const consume = async (response: Response | Promise<Response>) => {
  const r = await response;
  if (r.status !== 200) throw new Error(`status ${r.status}: ${await r.text()}`);
};

const stages: [string, () => unknown][] = [
  ['new Request (the socket layer makes one too)', () => request('/api/quiz?count=30')],
  ['bare Elysia route sending pre-made quiz bytes', () => consume(bare.handle(request('/bytes')))],
  ['the app: GET /healthz (global plugins, a tiny route)', () => consume(app.handle(request('/healthz')))],
  ['the app: GET /api/quiz (no query)', () => consume(app.handle(request('/api/quiz')))],
  ['the app: GET /api/quiz?count=30', () => consume(app.handle(request('/api/quiz?count=30')))],
  ['createQuiz (30 questions + token)', () => createQuiz(index, secret, 30, 1_700_000_000)],
  ['serializeQuiz (JSON bytes from fragments)', () => serializeQuiz(index, quiz.questions)],
  ['JSON.stringify of the same questions', () => JSON.stringify(quiz.questions)],
  [
    'new Response(bytes, 12 headers)',
    () =>
      new Response(bytes, {
        headers: {
          a: '1',
          b: '2',
          c: '3',
          d: '4',
          e: '5',
          f: '6',
          g: '7',
          h: '8',
          'content-type': 'application/json; charset=utf-8',
          'x-quiz-token': quiz.token,
          'cache-control': 'no-store',
          ratelimit: '"minute";r=1;t=60',
        },
      }),
  ],
];
const only = process.env.STAGES?.split(',');
for (const [name, fn] of stages) {
  if (only && !only.some((o) => name.includes(o))) continue;
  const micros = await cpuMicros(fn);
  console.log(`${micros.toFixed(1).padStart(7)} µs  ${name}`);
}
