/**
 * Generated requests over the submit, quiz, daily and admin routes against the compiled binary
 * on loopback (issue 37): never a 5xx, and every answer has its request-log line (the log and
 * the client agree on the count of each status).
 *
 * `npm test` sends 2,000. The long run of the issue (its figures are in docs/deploy.md):
 *   FUZZ_REQUESTS=100000 FUZZ_DISTINCT_ADDRESSES=1 bun test test/hostile/fuzz-server.test.ts
 * FUZZ_DISTINCT_ADDRESSES sends each request from its own client address (X-Forwarded-For
 * through a trusted proxy on 127.0.0.1), prints the server's RSS after the run (with its peak
 * during it and its CPU time a request) and after 30, 60 and 120 s idle, and fails when they
 * exceed the issue's figures: 150 MiB right after the run (FUZZ_RSS_AFTER_MIB), under 110 MiB
 * idle (FUZZ_RSS_IDLE_MIB).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../src/http/body-parser';
import { EXPORT_TABLES } from '../../src/shared/contracts/admin-range';
import { type RunningBinary, startBinary } from '../support/binary';

const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 2_000;
const DISTINCT_ADDRESSES = process.env.FUZZ_DISTINCT_ADDRESSES === '1';
const CONCURRENCY = 8;
/** The issue's memory figures for the run with distinct addresses (docs/deploy.md). */
const RSS_AFTER_MIB = Number(process.env.FUZZ_RSS_AFTER_MIB) || 150;
const RSS_IDLE_MIB = Number(process.env.FUZZ_RSS_IDLE_MIB) || 110;
const PASSWORD = 'test-password-123';
const RIGHT = `Basic ${btoa(`admin:${PASSWORD}`)}`;

interface Generated {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Real tokens and questions to build submissions from: fetched from the server before the run. */
interface Quiz {
  token: string;
  questions: { lyricId: number; correctSongId: number; options: { id: number }[] }[];
}

const odd = fc.constantFrom(
  '',
  '0',
  '-1',
  '31',
  '1e3',
  '0x10',
  'NaN',
  'null',
  '%00',
  '%FF',
  '..%2f..',
  '__proto__',
  '2025-02-30',
  '9999-12-31',
  '1970-01-01',
  'a'.repeat(500),
);
const text = fc.oneof(fc.string({ maxLength: 20 }), odd);
const component = text.map((s) => encodeURIComponent(s.toWellFormed()));
const query = (names: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names, 'x', '__proto__'), component), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** JSON nested `depth` deep: the shape that overflowed the stack before the bound (issue 37). */
const nested = fc
  .integer({ min: 1, max: 8_000 })
  .chain((depth) => fc.constantFrom('[', '{"a":').map((open) => ({ open, depth })))
  .map(({ open, depth }) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

function submissionArbitrary(quizzes: Quiz[]) {
  const field = fc.constantFrom('quizToken', 'sessionId', 'deviceInfo', 'score', 'totalQuestions', 'answers');
  const mutation = fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
    fc.record({ kind: fc.constant('drop' as const), field }),
    fc.record({ kind: fc.constant('replace' as const), field, value: fc.jsonValue({ maxDepth: 3 }) }),
    fc.record({ kind: fc.constant('nest' as const), field, value: nested }),
    fc.record({
      kind: fc.constant('answer' as const),
      index: fc.nat(40),
      value: fc.jsonValue({ maxDepth: 2 }),
    }),
    fc.record({ kind: fc.constant('truncate' as const), length: fc.nat(3_000) }),
  );
  return fc
    .record({
      quiz: fc.constantFrom(...quizzes),
      correct: fc.nat(30),
      session: fc.oneof({ weight: 4, arbitrary: fc.uuid() }, text),
      mutation,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        '',
      ),
    })
    .map(({ quiz, correct, session, mutation, contentType }) => {
      const answers = quiz.questions.map((q, i) => {
        const right = i < correct;
        const selected = right ? q.correctSongId : q.options.find((o) => o.id !== q.correctSongId)!.id;
        return { lyricId: q.lyricId, songId: q.correctSongId, selectedSongId: selected, isCorrect: right };
      });
      const submission: Record<string, unknown> = {
        quizToken: quiz.token,
        sessionId: session,
        deviceInfo: 'Mozilla/5.0 (fuzz)',
        score: Math.min(correct, answers.length),
        totalQuestions: answers.length,
        answers,
      };
      let body = JSON.stringify(submission);
      if (mutation.kind === 'drop') delete submission[mutation.field];
      if (mutation.kind === 'replace') submission[mutation.field] = mutation.value;
      if (mutation.kind === 'answer') answers[mutation.index % answers.length] = mutation.value as never;
      if (mutation.kind !== 'nest') body = JSON.stringify(submission);
      if (mutation.kind === 'nest') {
        submission[mutation.field] = 0;
        body = JSON.stringify(submission).replace(
          `"${mutation.field}":0`,
          `"${mutation.field}":${mutation.value}`,
        );
      }
      if (mutation.kind === 'truncate') body = body.slice(0, mutation.length);
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      return { method: 'POST', path: '/api/stats/submit-quiz', headers, body } satisfies Generated;
    });
}

const adminAuthorization = fc.oneof(
  fc.constant(RIGHT),
  fc.constant(RIGHT),
  fc.constant(''),
  fc.constantFrom(
    'Basic',
    'Basic ====',
    `Basic ${btoa('admin:wrong')}`,
    `Bearer ${btoa(`admin:${PASSWORD}`)}`,
  ),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
    .map(([u, p]) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`),
);

const readsArbitrary = fc.oneof(
  query(['count', 'difficulty']).map((q) => ({ path: `/api/quiz${q}`, admin: false })),
  fc.constant({ path: '/api/daily', admin: false }),
  fc
    .tuple(component, query(['day']))
    .map(([s, q]) => ({ path: `/api/daily/percentile/${s}${q}`, admin: false })),
  fc
    .nat(30)
    .chain((s) => query(['day']).map((q) => ({ path: `/api/daily/percentile/${s}${q}`, admin: false }))),
  query(['sessionId']).map((q) => ({ path: `/api/daily/streak${q}`, admin: false })),
  fc.constant({ path: '/api/daily/summary', admin: false }),
  fc
    .tuple(
      fc.constantFrom(
        'overview',
        'lyrics',
        'songs',
        'albums',
        'hourly',
        'daily',
        'scores',
        'confusions',
        'summary',
        'devices',
      ),
      query(['from', 'to', 'limit', 'offset', 'minOccurrences', 'sort', 'view']),
    )
    .map(([name, q]) => ({ path: `/api/admin/stats/${name}${q}`, admin: true })),
  fc
    .tuple(fc.constantFrom(...EXPORT_TABLES), query(['from', 'to']))
    .map(([table, q]) => ({ path: `/api/admin/export/${table}.csv${q}`, admin: true })),
);

function requestArbitrary(quizzes: Quiz[]) {
  const reads = fc
    .record({
      read: readsArbitrary,
      method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
      authorization: adminAuthorization,
    })
    .map(({ read, method, authorization }): Generated => {
      const headers: Record<string, string> = {};
      if (read.admin && authorization) headers.authorization = authorization;
      return { method, path: read.path, headers };
    });
  return fc.oneof({ weight: 2, arbitrary: submissionArbitrary(quizzes) }, { weight: 3, arbitrary: reads });
}

/** The `request` log lines the server wrote, by method and status ("GET 200"). */
function loggedStatuses(logs: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of logs) {
    if (!line.includes('"msg":"request"')) continue;
    const { method, status } = JSON.parse(line) as { method?: string; status: number };
    const key = `${method ?? '?'} ${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const rssMiB = (pid: number) => {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
};

/** CPU time (user + system) the process has used, from /proc (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

describe(`${REQUESTS} generated requests against the binary on loopback`, () => {
  let server: RunningBinary;
  beforeAll(async () => {
    server = await startBinary({
      env: {
        RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
        RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
        RATE_LIMIT_ADMIN_FAILURES: '1000000',
        TRUSTED_PROXIES: '127.0.0.1',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  test(
    'no 5xx, and one request-log line for every answer',
    async () => {
      const quizzes: Quiz[] = [];
      for (const path of ['/api/quiz', '/api/quiz?difficulty=hard', '/api/daily']) {
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`${server.url}${path}`);
          const body = (await res.json()) as Quiz['questions'] | { questions: Quiz['questions'] };
          quizzes.push({
            token: res.headers.get('x-quiz-token')!,
            questions: Array.isArray(body) ? body : body.questions,
          });
        }
      }
      // The log of those fetches is written in batches: let it land before counting from here.
      await Bun.sleep(500);
      const sent = new Map<string, number>();
      const fiveHundreds: string[] = [];
      const logsBefore = server.logs.length;
      const before = loggedStatuses(server.logs);
      const arbitrary = requestArbitrary(quizzes);
      let next = 0;
      let batch: Generated[] = [];
      let batchStart = 0;
      const take = (): [Generated, number] | undefined => {
        if (next >= REQUESTS) return undefined;
        const i = next++;
        if (i - batchStart >= batch.length) {
          batchStart = i;
          batch = fc.sample(arbitrary, { numRuns: Math.min(1_000, REQUESTS - i), seed: 37_000 + i });
        }
        return [batch[i - batchStart]!, i];
      };
      const worker = async () => {
        for (let item = take(); item; item = take()) {
          const [request, i] = item;
          const headers = { ...request.headers };
          if (DISTINCT_ADDRESSES)
            headers['x-forwarded-for'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
          const res = await fetch(`${server.url}${request.path}`, {
            method: request.method,
            headers,
            body: request.body,
            redirect: 'manual',
          });
          await res.arrayBuffer();
          const key = `${request.method} ${res.status}`;
          sent.set(key, (sent.get(key) ?? 0) + 1);
          if (res.status >= 500)
            fiveHundreds.push(`${request.method} ${request.path.slice(0, 100)} → ${res.status}`);
        }
      };
      // The RSS during the run too (every 100 ms): the figure right after depends on where the
      // garbage collector's cycle happens to be; the peak says how high the cycle goes.
      let rssPeak = rssMiB(server.proc.pid);
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssMiB(server.proc.pid));
      }, 100);
      const cpuBefore = cpuMs(server.proc.pid);
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      const rssAfter = rssMiB(server.proc.pid);
      clearInterval(sampler);
      const serverCpuUsPerRequest = Math.round(((cpuMs(server.proc.pid) - cpuBefore) * 1000) / REQUESTS);
      // The request log is written in batches (LOG_FLUSH_MS): wait until it has caught up.
      const total = () => [...loggedStatuses(server.logs).values()].reduce((a, b) => a + b, 0);
      const expected = [...before.values()].reduce((a, b) => a + b, 0) + REQUESTS;
      for (let waited = 0; total() < expected && waited < 10_000; waited += 100) await Bun.sleep(100);

      expect(fiveHundreds).toEqual([]);
      const logged = loggedStatuses(server.logs);
      for (const [status, count] of before) logged.set(status, logged.get(status)! - count);
      for (const [status, count] of [...logged]) if (count === 0) logged.delete(status);
      expect(Object.fromEntries(logged)).toEqual(Object.fromEntries(sent));
      // Not a vacuous run: plays were recorded, and the bound on nesting was met.
      // A generated submission reuses a fetched token: the first is recorded (200), a later one with
      // other answers is 409 play_conflict (docs/decisions/034), so both count as reaching the store.
      expect(sent.get('POST 200') ?? 0).toBeGreaterThan(0);
      expect((sent.get('POST 200') ?? 0) + (sent.get('POST 409') ?? 0)).toBeGreaterThan(REQUESTS / 20);
      expect(sent.get('POST 422') ?? 0).toBeGreaterThan(0);
      expect(server.logs.slice(logsBefore).some((l) => l.includes('"status":500'))).toBe(false);
      const summary = {
        requests: REQUESTS,
        seconds: Math.round(seconds),
        perSecond: Math.round(REQUESTS / seconds),
        statuses: Object.fromEntries([...sent].sort(([a], [b]) => a.localeCompare(b))),
        rssAfterMiB: rssAfter,
        rssPeakMiB: Math.max(rssPeak, rssAfter),
        serverCpuUsPerRequest,
        depthBound: MAX_JSON_DEPTH,
      };
      if (DISTINCT_ADDRESSES) {
        // Idle: the server drops ended limiter windows and collects once (src/http/idle-tidy.ts);
        // the allocator gives pages back to the system over the following minutes.
        const idle: Record<string, number> = {};
        for (const seconds of [30, 60, 120]) {
          await Bun.sleep(
            (seconds - (Object.keys(idle).length ? Number(Object.keys(idle).at(-1)) : 0)) * 1000,
          );
          idle[seconds] = rssMiB(server.proc.pid);
        }
        Object.assign(summary, { rssIdleMiBAfterSeconds: idle });
      }
      console.log(JSON.stringify(summary));
      if (DISTINCT_ADDRESSES) {
        // Both figures are printed above before either is checked.
        const idle = (summary as { rssIdleMiBAfterSeconds?: Record<string, number> }).rssIdleMiBAfterSeconds!;
        expect(Math.max(...Object.values(idle))).toBeLessThan(RSS_IDLE_MIB);
        expect(rssAfter).toBeLessThanOrEqual(RSS_AFTER_MIB);
      }
    },
    Math.max(60_000, REQUESTS * 10 + (DISTINCT_ADDRESSES ? 150_000 : 0)),
  );
});
