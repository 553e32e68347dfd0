/**
 * Every operation of the served OpenAPI document, unversioned and v1, public and admin, called
 * with a valid input and with invalid ones (docs/decisions/013, 034). The operations are the
 * document's: an operation added to the API is walked here without a line of this file, and
 * the test fails until its documented examples make a valid call (or `inputs` below says how).
 *
 * - Valid: the path and required parameters from the documented `example`s, then each optional
 *   parameter's example on its own; the answer must be a documented 2xx.
 * - Invalid: each constrained parameter out of its schema (and a required one left out), a
 *   body that is not JSON, malformed or not of the schema, an admin call without credentials,
 *   a parameterless public call with a method the path has not. The answer must be a 4xx the
 *   operation documents (its own or the shared 4XX), with the JSON error body, its `field`
 *   naming the parameter, its `requestId` the `X-Request-Id`; and the database holds the same
 *   rows and statistics version before and after.
 *
 * Every answer is also checked against the document (schema, status, required headers) by the
 * test app's `request` (test/support/contract.ts), and for the HTTP points of decision 034, per
 * operation: an admin answer is `no-store, private` and never cross-origin; every public answer
 * to the allowed origin carries `Access-Control-Allow-Origin`; a public answer that documents an
 * `ETag` sends one with a public `Cache-Control`; a deprecated operation's answers carry
 * `Deprecation` and `Sunset`. HEAD on every GET answers as the GET would, with no body, and
 * writes nothing, not even a quiz issued.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { sharedStatuses } from '../src/openapi/components';
import { createEngineTestApp, ENGINES, type EngineTestApp, warmEngine } from './support/engines';
import { answerQuiz, fetchQuiz } from './support/play';

setDefaultTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the served document, walked by key
type Doc = any;

interface Operation {
  method: string;
  template: string;
  id: string;
  op: Doc;
}

interface Call {
  /** What the call tries, for the failure message. */
  what: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** An invalid call about one parameter: the error's `field` must name it. */
  field?: string;
}

const ADMIN = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const SESSION = '3f1c2b9e-8a47-4d0e-9a51-6c2f0b7d4e11';
const JSON_TYPE = { 'content-type': 'application/json' };
const ORIGIN = 'https://partner.example.org';

/** Every operation of the document, as (method, path template, operationId). */
function operationsOf(doc: Doc): Operation[] {
  return Object.entries<Doc>(doc.paths).flatMap(([template, ops]) =>
    Object.entries<Doc>(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      id: op.operationId as string,
      op,
    })),
  );
}

const parametersOf = (o: Operation): Doc[] =>
  (o.op.parameters ?? []).filter((p: Doc) => p.in === 'query' || p.in === 'path');

function target(o: Operation, values: Record<string, string>): string {
  const path = o.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
  const query = new URLSearchParams(
    Object.entries(values).filter(([name]) => !o.template.includes(`{${name}}`)),
  );
  return query.size > 0 ? `${path}?${query}` : path;
}

/** A value the parameter's schema refuses, or none when its schema takes any string. */
function outOfSchema(schema: Doc): string | undefined {
  if (schema.enum) return 'nope';
  if (schema.type === 'integer') return String((schema.maximum ?? 1_000_000_000) + 1);
  if (schema.pattern) return '!';
  if (schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

/** How to call the operations whose valid input is not in the document (a play needs a quiz first). */
interface Inputs {
  /** Parameter values in place of the documented examples. */
  values?: Record<string, string>;
  /** Valid calls made fresh for each use (a quiz's token records once). */
  valid?: (app: EngineTestApp) => Promise<Call[]>;
  /** Invalid calls besides the derived ones. */
  invalid?: (app: EngineTestApp) => Promise<Call[]>;
}

const post = (what: string, path: string, body: unknown, headers: Record<string, string> = JSON_TYPE) => ({
  what,
  method: 'POST',
  path,
  headers: { ...headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

interface V1Quiz {
  token: string;
  questions: { lyricId: number; correctSongId: number; options: { songId: number }[] }[];
}
const v1Quiz = async (app: EngineTestApp, path = '/api/v1/quiz') =>
  (await (await app.request(path)).json()) as V1Quiz;
const v1Answers = (quiz: V1Quiz) =>
  quiz.questions.map((q, i) => ({
    lyricId: q.lyricId,
    selectedSongId:
      i % 2 === 0 ? q.correctSongId : q.options.find((o) => o.songId !== q.correctSongId)!.songId,
  }));

const inputs: Record<string, Inputs> = {
  submitQuiz: {
    valid: async (app) => [
      post('a whole free play', '/api/stats/submit-quiz', answerQuiz(await fetchQuiz(app), 21)),
    ],
    invalid: async (app) => {
      const quiz = await fetchQuiz(app);
      const short = answerQuiz(quiz, 21);
      return [
        post('a play missing its last answer', '/api/stats/submit-quiz', {
          ...short,
          answers: short.answers.slice(1),
          totalQuestions: 29,
        }),
        post('a claimed score that is not the answers’', '/api/stats/submit-quiz', {
          ...answerQuiz(quiz, 21),
          score: 30,
        }),
      ];
    },
  },
  createPlay: {
    valid: async (app) => {
      const free = await v1Quiz(app);
      const daily = await v1Quiz(app, '/api/v1/daily');
      return [
        post('a whole free play', '/api/v1/plays', {
          token: free.token,
          sessionId: SESSION,
          answers: v1Answers(free),
        }),
        post('the daily challenge', '/api/v1/plays', {
          token: daily.token,
          sessionId: SESSION,
          answers: v1Answers(daily),
        }),
      ];
    },
    invalid: async (app) => {
      const quiz = await v1Quiz(app);
      const answers = v1Answers(quiz);
      return [
        post('a play missing its last answer', '/api/v1/plays', {
          token: quiz.token,
          sessionId: SESSION,
          answers: answers.slice(1),
        }),
        post('a song not among the options', '/api/v1/plays', {
          token: quiz.token,
          sessionId: SESSION,
          answers: [{ lyricId: answers[0]!.lyricId, selectedSongId: 999_999 }, ...answers.slice(1)],
        }),
        post('a forged token', '/api/v1/plays', {
          token: `${quiz.token.slice(0, -2)}xx`,
          sessionId: SESSION,
          answers,
        }),
      ];
    },
  },
  // The catalogue of the test has lines 1–120 and songs 1–12 (test/support/fixtures.ts).
  getAdminConfusions: { values: { lyricId: '7', songId: '3' } },
  getAdminStatsConfusions: { values: { lyricId: '7', songId: '3' } },
  getLineResults: { values: { ids: '1,2,3' } },
  listLineStats: { values: { ids: '1,2,3' } },
  getAdminLyricStats: { values: { minOccurrences: '0' } },
};

type Snapshot = { rows: Record<string, number>; version: unknown };
/**
 * The rows of every statistics table and the statistics version, bumped by every write of a
 * statistic (on PostgreSQL read from its table: the store's copy follows it by the second).
 */
const snapshot = async (app: EngineTestApp): Promise<Snapshot> => ({
  rows: await app.rows(),
  version:
    app.engine === 'postgres'
      ? (await app.all('SELECT version FROM stats_version'))[0]?.version
      : app.stores.stats.version(),
});

/** The calls a valid input makes: documented examples (or `inputs`), one optional parameter at a time. */
async function validCalls(app: EngineTestApp, o: Operation): Promise<Call[]> {
  const given = inputs[o.id];
  if (given?.valid) return given.valid(app);
  const params = parametersOf(o);
  const exampleOf = (p: Doc): string => {
    const value = given?.values?.[p.name] ?? p.example;
    if (value === undefined) throw new Error(`${o.id}: parameter ${p.name} has no example`);
    return String(value);
  };
  const required = Object.fromEntries(params.filter((p) => p.required).map((p) => [p.name, exampleOf(p)]));
  const headers = o.op.security?.length ? ADMIN : {};
  const body = o.op.requestBody?.content?.['application/json']?.example;
  const call = (what: string, values: Record<string, string>): Call => ({
    what,
    method: o.method,
    path: target(o, values),
    headers: body === undefined ? headers : { ...headers, ...JSON_TYPE },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return [
    call('the required parameters', required),
    ...params
      .filter((p) => !p.required)
      .map((p) => call(`with ${p.name}=${exampleOf(p)}`, { ...required, [p.name]: exampleOf(p) })),
  ];
}

/** The calls an invalid input makes, derived from the operation's parameters, body and access. */
async function invalidCalls(app: EngineTestApp, o: Operation): Promise<Call[]> {
  const admin = (o.op.security?.length ?? 0) > 0;
  const [valid] = await validCalls(app, o);
  const headers = admin ? ADMIN : {};
  const params = parametersOf(o);
  const examples = Object.fromEntries(
    params
      .filter((p) => p.required)
      .map((p) => [p.name, String(inputs[o.id]?.values?.[p.name] ?? p.example)]),
  );
  const calls: Call[] = [];
  for (const p of params) {
    const bad = outOfSchema(p.schema);
    if (bad !== undefined)
      calls.push({
        what: `${p.name}=${bad}`,
        method: o.method,
        path: target(o, { ...examples, [p.name]: bad }),
        headers,
        field: p.name,
      });
    if (p.required && p.in === 'query') {
      const { [p.name]: _, ...without } = examples;
      calls.push({
        what: `without ${p.name}`,
        method: o.method,
        path: target(o, without),
        headers,
        field: p.name,
      });
    }
  }
  if (o.op.requestBody) {
    const path = valid!.path;
    calls.push(post('a body typed text/plain', path, '{}', { 'content-type': 'text/plain' }));
    calls.push(post('a body that is not JSON', path, '{"token":', JSON_TYPE));
    calls.push(post('an empty object', path, {}));
  }
  if (admin) calls.push({ what: 'no credentials', method: o.method, path: valid!.path });
  if (calls.length === 0)
    // Nothing to get wrong but the method: the shared 405 with Allow.
    calls.push({ what: 'a method the path has not', method: 'DELETE', path: valid!.path });
  calls.push(...((await inputs[o.id]?.invalid?.(app)) ?? []));
  return calls;
}

// A stream (the admin's Server-Sent Events) ends when its request does: every call ends within a second.
const send = (app: EngineTestApp, call: Call) =>
  app.request(call.path, {
    method: call.method ?? 'GET',
    headers: { origin: ORIGIN, ...call.headers },
    signal: AbortSignal.timeout(1_000),
    ...(call.body === undefined ? {} : { body: call.body }),
  });

/** The quizzes issued are written 5 s after the first is counted (src/play/quizzes-issued.ts). */
const QUIZ_COUNT_SETTLE_MS = 5_300;
/** Operations whose valid calls (or the quizzes their inputs fetch) count quizzes issued. */
const issuesQuizzes = (o: Operation) =>
  /\/(quiz|daily)$/.test(o.template) || inputs[o.id]?.valid !== undefined;

const documentedStatuses = (o: Operation) => Object.keys(o.op.responses).filter((s) => /^\d+$/.test(s));

/** The HTTP points every answer of the operation must hold, whatever its status. */
function expectHttpPoints(o: Operation, res: Response, where: string, method = o.method) {
  const admin = (o.op.security?.length ?? 0) > 0;
  const headers = res.headers;
  if (admin) {
    expect(headers.get('cache-control'), where).toBe('no-store, private');
    expect(headers.get('access-control-allow-origin'), where).toBeNull();
  } else if (o.template.startsWith('/api/'))
    expect(headers.get('access-control-allow-origin'), where).toBe(ORIGIN);
  // A deprecated operation's own answers; a 405 for another method on its path is not one.
  if (o.op.deprecated && (method === o.method || (method === 'HEAD' && o.method === 'GET'))) {
    expect(headers.get('deprecation') ?? 'none', where).toMatch(/^@\d+$/);
    expect(headers.get('sunset') ?? 'none', where).toMatch(/GMT$/);
  }
  if (!admin && res.status === 200 && o.op.responses['200']?.headers?.ETag) {
    expect(headers.get('etag') ?? 'none', where).toMatch(/^"[^"]+"$/);
    expect(headers.get('cache-control') ?? 'none', where).toStartWith('public, max-age=');
  }
}

describe.each(ENGINES)('every operation of the document (%s)', (engine) => {
  let app: EngineTestApp;
  let operations: Operation[];
  beforeAll(async () => {
    await warmEngine(engine);
    app = await createEngineTestApp(engine, { env: { PLAY_MIN_SECONDS: '0', CORS_ORIGINS: ORIGIN } });
    // The documented examples name days of November 2026: the test's today is after them.
    app.clock.ms = Date.UTC(2026, 10, 27, 12, 0, 0);
    // A recorded live game for the Uživo reads and export (its id is the example's 1).
    await app.deps.stores.party.recordGame({
      code: 'ABCDEFG',
      startedAtMs: app.clock.ms - 60_000,
      endedAtMs: app.clock.ms,
      settings: { lines: 1, seconds: 20, difficulty: 'normal', autoNext: 0 },
      lines: [{ lyricId: 1, correctSongId: 1, skipped: false, answered: 1, correct: 1 }],
      players: [{ rank: 1, nickname: 'Ana', points: 900, correct: 1, answers: [[0, 1_500, 900]] }],
    });
    operations = operationsOf(await (await app.request('/openapi/json')).json());
  });
  afterAll(async () => {
    await app?.close();
  });

  test('the walk is of the whole document, v0 and v1, and `inputs` names only its operations', () => {
    const ids = operations.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.some((o) => o.template.startsWith('/api/v1/'))).toBe(true);
    expect(operations.some((o) => o.op.deprecated)).toBe(true);
    expect(operations.some((o) => o.op.security?.length)).toBe(true);
    for (const id of Object.keys(inputs)) expect(ids).toContain(id);
  });

  test('each operation answers a valid input as documented and refuses invalid ones, writing nothing', async () => {
    const covered: Record<string, { valid: number; invalid: number }> = {};
    for (const o of operations) {
      const tally = { valid: 0, invalid: 0 };
      covered[o.id] = tally;
      for (const call of await validCalls(app, o)) {
        // A play (the submissions of `inputs`) is recorded: the snapshot must see it.
        const before = inputs[o.id]?.valid ? await snapshot(app) : undefined;
        const res = await send(app, call);
        const where = `${o.id} ${call.what}: ${call.method ?? 'GET'} ${call.path} → ${res.status}`;
        expect(res.status >= 200 && res.status < 300, `${where} ${await res.clone().text()}`).toBe(true);
        expect(documentedStatuses(o), where).toContain(String(res.status));
        expectHttpPoints(o, res, where);
        // A valid play is recorded: the snapshot that finds nothing written by the invalid ones sees it.
        if (before) expect(await snapshot(app), where).not.toEqual(before);
        tally.valid++;
      }
      const invalid = await invalidCalls(app, o);
      // The quizzes just issued are written by a timer 5 s after the first (src/play/quizzes-issued.ts):
      // on PostgreSQL that write bumps the statistics version whenever it lands, so it lands first.
      if (app.engine === 'postgres' && issuesQuizzes(o)) await Bun.sleep(QUIZ_COUNT_SETTLE_MS);
      for (const call of invalid) {
        const before = await snapshot(app);
        const res = await send(app, call);
        const text = await res.text();
        const where = `${o.id} ${call.what}: ${call.method ?? 'GET'} ${call.path} → ${res.status} ${text}`;
        expect(res.status >= 400 && res.status < 500, where).toBe(true);
        const shared = (sharedStatuses['4XX'] as readonly number[]).includes(res.status);
        expect(shared || documentedStatuses(o).includes(String(res.status)), where).toBe(true);
        expect(res.headers.get('content-type'), where).toStartWith('application/json');
        expectHttpPoints(o, res, where, call.method ?? 'GET');
        const { error } = JSON.parse(text) as { error: { code: string; field?: string; requestId: string } };
        expect(error.requestId, where).toBe(res.headers.get('x-request-id')!);
        if (call.field) expect(error.field, where).toBe(call.field);
        expect(await snapshot(app), where).toEqual(before);
        tally.invalid++;
      }
    }
    if (process.env.OPERATIONS_LOG) console.log(JSON.stringify(covered));
    const uncovered = Object.entries(covered).filter(([, t]) => t.valid === 0 || t.invalid === 0);
    expect(uncovered).toEqual([]);
    expect(Object.keys(covered).sort()).toEqual(operations.map((o) => o.id).sort());
  });
  test('HEAD on every GET answers as the GET, with no body, and writes nothing, not even a quiz issued', async () => {
    // Quizzes issued are counted with the next batch of plays: a play makes them readable.
    const play = async () => {
      const quiz = await v1Quiz(app);
      const body = { token: quiz.token, sessionId: SESSION, answers: v1Answers(quiz) };
      expect((await send(app, post('a play', '/api/v1/plays', body))).status).toBe(200);
      await snapshot(app); // folds what is pending (PostgreSQL's deferred counters)
      const res = await app.request('/api/v1/admin/stats/devices', { headers: ADMIN });
      return ((await res.json()) as { quizzesIssued: number }).quizzesIssued;
    };
    const start = await play();
    expect(await play()).toBe(start + 1); // the measure moves with one quiz
    const gets = operations.filter((op) => op.method === 'GET');
    const calls = await Promise.all(gets.map(async (o) => ({ o, call: (await validCalls(app, o))[0]! })));
    const before = await snapshot(app);
    const heads: { o: Operation; call: Call; status: number }[] = [];
    for (const { o, call } of calls) {
      const head = await send(app, { ...call, method: 'HEAD' });
      const where = `HEAD ${call.path} → ${head.status}`;
      expect(await head.text(), where).toBe('');
      expectHttpPoints(o, head, where, 'HEAD');
      heads.push({ o, call, status: head.status });
    }
    expect(await snapshot(app)).toEqual(before);
    expect(await play()).toBe(start + 2); // only the play's own quiz
    for (const { call, status } of heads) {
      const get = await send(app, call);
      await get.body?.cancel();
      expect(status, `HEAD ${call.path} → ${status}, GET → ${get.status}`).toBe(get.status);
    }
    expect(heads.length).toBe(gets.length);
  });
});
