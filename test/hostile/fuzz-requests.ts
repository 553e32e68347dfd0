/**
 * Generated requests over the submit, quiz, daily and admin routes (issue 37): the fuzz run of
 * `fuzz-server.test.ts` and the memory A/B of `bench/flood-memory.ts` send the same ones.
 */
import fc from 'fast-check';
import { EXPORT_TABLES } from '../../src/shared/contracts/admin-range';

export interface Generated {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Real tokens and questions to build submissions from: fetched from the server before the run. */
export interface Quiz {
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

const adminAuthorization = (password: string) => {
  const right = `Basic ${btoa(`admin:${password}`)}`;
  return fc.oneof(
    fc.constant(right),
    fc.constant(right),
    fc.constant(''),
    fc.constantFrom(
      'Basic',
      'Basic ====',
      `Basic ${btoa('admin:wrong')}`,
      `Bearer ${btoa(`admin:${password}`)}`,
    ),
    fc
      .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
      .map(([u, p]) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`),
  );
};

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

/** Generated submissions (2 in 5) and reads (3 in 5); `password` is the server's admin password. */
export function requestArbitrary(quizzes: Quiz[], password: string) {
  const reads = fc
    .record({
      read: readsArbitrary,
      method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
      authorization: adminAuthorization(password),
    })
    .map(({ read, method, authorization }): Generated => {
      const headers: Record<string, string> = {};
      if (read.admin && authorization) headers.authorization = authorization;
      return { method, path: read.path, headers };
    });
  return fc.oneof({ weight: 2, arbitrary: submissionArbitrary(quizzes) }, { weight: 3, arbitrary: reads });
}

/** Real tokens and questions to build submissions from: 10 each of a quiz, a hard quiz and the daily. */
export async function fetchQuizzes(url: string): Promise<Quiz[]> {
  const quizzes: Quiz[] = [];
  for (const path of ['/api/quiz', '/api/quiz?difficulty=hard', '/api/daily']) {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${url}${path}`);
      const body = (await res.json()) as Quiz['questions'] | { questions: Quiz['questions'] };
      quizzes.push({
        token: res.headers.get('x-quiz-token')!,
        questions: Array.isArray(body) ? body : body.questions,
      });
    }
  }
  return quizzes;
}

/**
 * Request `i` of the run: generated in batches of 1,000 from a seed of its own, so every run (and
 * every server compared) gets the same sequence for the same quizzes.
 */
export function generatedRequests(quizzes: Quiz[], password: string, total: number) {
  const arbitrary = requestArbitrary(quizzes, password);
  let batch: Generated[] = [];
  let batchStart = 0;
  return (i: number): Generated => {
    if (i - batchStart >= batch.length || i < batchStart) {
      batchStart = i;
      batch = fc.sample(arbitrary, { numRuns: Math.min(1_000, total - i), seed: 37_000 + i });
    }
    return batch[i - batchStart]!;
  };
}

/** The i-th of the flood's client addresses (10.0.0.0/8, one per request index): what a proxy forwards. */
export const floodAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Sends `request` to the server at `url` (from the client `address` a trusted proxy forwards, when
 * given), reads the whole answer and returns its status. Redirects are answers, never followed.
 */
export async function sendGenerated(url: string, request: Generated, address?: string): Promise<number> {
  const res = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: address === undefined ? request.headers : { ...request.headers, 'x-forwarded-for': address },
    body: request.body,
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res.status;
}
