/**
 * The API contract as a third party meets it (docs/decisions/013-api-contract.md):
 * - /openapi/json passes two linters with no error: Redocly CLI (`recommended`) and Spectral
 *   (`spectral:oas`);
 * - a client generated from it by openapi-typescript type-checks a small consumer
 *   (test/contract/consumer.ts), which then plays, submits and reads every call from another
 *   origin, and gets a 304 on a repeat read;
 * - the checker that holds every answer of the API tests to the document
 *   (test/support/contract.ts) refuses what it must.
 * The tools are npm dev dependencies run with Node, offline.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContractValidator } from './support/contract';
import { createEngineTestApp, ENGINES, type EngineTestApp } from './support/engines';

// Linters and tsc start Node processes on a shared 2-core machine: generous, not a measure of speed.
setDefaultTimeout(120_000);

const root = join(import.meta.dir, '..');
const bin = (path: string) => join(root, 'node_modules', path);
const ADMIN = `Basic ${btoa('admin:test-password-123')}`;
const ORIGIN = 'https://partner.example.org';

async function run(command: string[], cwd: string) {
  const proc = Bun.spawn(command, {
    cwd,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...process.env,
      // No telemetry, no update check: the tools must work offline.
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      SCARF_ANALYTICS: 'false',
      NO_COLOR: '1',
    },
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
interface Client {
  base: string;
  fetch: Fetch;
  origin?: string;
}
interface Consumer {
  getQuiz(client: Client): Promise<{ questions: unknown[]; token: string }>;
  answer(questions: unknown[], token: string, correct: number): unknown;
  submitQuiz(client: Client, submission: unknown): Promise<{ score: number; totalQuestions: number }>;
  readEverything(
    client: Client,
    authorization: string,
  ): Promise<{ overview: { totalAttempts: number }; hardest: unknown[]; adminHourly: unknown[] }>;
  readTwice(
    client: Client,
    path: string,
  ): Promise<{ etag: string | null; firstBytes: number; repeatStatus: number; repeatBytes: number }>;
}

const env = { SITE_URL: 'https://kviz.example.hr', CORS_ORIGINS: ORIGIN, PLAY_MIN_SECONDS: '0' };
/**
 * The consumer runs against the app over each engine (docs/decisions/023); every answer of
 * every API test, on either engine, is also checked against the document by the test app's
 * `request` (test/support/fixtures.ts).
 */
const apps = new Map<string, EngineTestApp>();
let dir: string;
let doc: string;
beforeAll(async () => {
  for (const engine of ENGINES) apps.set(engine, await createEngineTestApp(engine, { env }));
  dir = mkdtempSync(join(tmpdir(), 'kviz-contract-'));
  doc = await (await apps.get('sqlite')!.request('/openapi/json')).text();
  writeFileSync(join(dir, 'openapi.json'), doc);
  copyFileSync(join(root, 'test', 'contract', 'consumer.ts'), join(dir, 'consumer.ts'));
  copyFileSync(join(root, 'test', 'contract', 'consumer-v1.ts'), join(dir, 'consumer-v1.ts'));
  // The v1 consumer imports openapi-fetch as a consumer's project would: from its node_modules.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  for (const app of apps.values()) await app.close();
});

describe('the OpenAPI document passes both linters with no error and no warning', () => {
  test('Redocly CLI, recommended ruleset', async () => {
    const { stdout, stderr, code } = await run(
      [
        'node',
        bin('@redocly/cli/bin/cli.js'),
        'lint',
        '--extends=recommended',
        '--format=json',
        'openapi.json',
      ],
      dir,
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(
      report.problems.filter((p) => p.severity === 'error'),
      stderr,
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(report.problems, stderr).toEqual([]);
    expect(report.totals.warnings).toBe(0);
    expect(code).toBe(0);
  });

  test('Spectral, spectral:oas ruleset', async () => {
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
    const { stdout, stderr } = await run(
      [
        'node',
        bin('@stoplight/spectral-cli/dist/index.js'),
        'lint',
        'openapi.json',
        '--ruleset',
        '.spectral.yaml',
        '--format',
        'json',
        '--quiet',
      ],
      dir,
    );
    const problems = JSON.parse(stdout.trim() || '[]') as {
      code: string;
      severity: number;
      message: string;
    }[];
    // Severity 0 is an error, 1 a warning: neither is allowed.
    expect(
      problems.filter((p) => p.severity <= 1),
      stderr,
    ).toEqual([]);
  });
});

describe('a client generated by openapi-typescript', () => {
  test('the document is the same over PostgreSQL', async () => {
    expect(await (await apps.get('postgres')!.request('/openapi/json')).text()).toBe(doc);
  });

  test('type-checks the consumer', async () => {
    const generated = await run(
      ['node', bin('openapi-typescript/bin/cli.js'), 'openapi.json', '--output', 'api.d.ts'],
      dir,
    );
    expect(generated.code, generated.stderr).toBe(0);
    // A consumer's own strict settings, with no Bun types: only what the generated file gives it.
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          lib: ['es2022', 'dom', 'dom.iterable'],
          types: [],
        },
        files: ['consumer.ts', 'consumer-v1.ts'],
      }),
    );
    const tsc = await run(['node', bin('typescript/bin/tsc'), '-p', 'tsconfig.json'], dir);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  });

  test.each(ENGINES)(
    'the consumer plays, submits and reads every call from another origin (%s)',
    async (engine) => {
      const app = apps.get(engine)!;
      // Typed by tsc above, against the generated types; here only what the test calls.
      const consumer = (await import(join(dir, 'consumer.ts'))) as Consumer;
      // The consumer's fetch reaches the app in process, as a browser page on ORIGIN would.
      const client = {
        base: '',
        origin: ORIGIN,
        fetch: async (url: string, init?: RequestInit) => {
          const response = await app.request(url, init);
          const headers = new Headers(init?.headers);
          // CORS on the public API, never on the administrator's.
          if (headers.has('origin') && url.startsWith('/api/'))
            expect(response.headers.get('access-control-allow-origin')).toBe(
              url.startsWith('/api/admin/') ? null : ORIGIN,
            );
          return response;
        },
      };
      const { questions, token } = await consumer.getQuiz(client);
      const result = await consumer.submitQuiz(client, consumer.answer(questions, token, 21));
      expect(result).toMatchObject({ score: 21, totalQuestions: 30 });
      const read = await consumer.readEverything(client, ADMIN);
      expect(read.overview.totalAttempts).toBe(1);
      expect(read.hardest.length).toBeLessThanOrEqual(3);
      expect(read.adminHourly).toHaveLength(24);
      const twice = await consumer.readTwice(client, '/api/stats/lyrics');
      expect(twice).toMatchObject({ repeatStatus: 304, repeatBytes: 0 });
      expect(twice.firstBytes).toBeGreaterThan(0);
    },
  );
});

interface ConsumerV1 {
  connect(fetch: (request: Request) => Promise<Response>): unknown;
  playFree(
    api: unknown,
    difficulty: string,
    correct: number,
    sessionId: string,
  ): Promise<{ result: unknown }>;
  playDaily(
    api: unknown,
    correct: number,
    sessionId: string,
  ): Promise<{ quiz: { daily?: unknown }; result: unknown }>;
  readAllLines(
    api: unknown,
    limit: number,
  ): Promise<{ lines: { lyricId: number }[]; pages: number; total: number }>;
  readDaily(
    api: unknown,
    score: number,
    sessionId: string,
  ): Promise<{ percentile: unknown; streak: unknown; figures: unknown }>;
  readAdminAlbums(
    api: unknown,
    authorization: string,
    from: string,
    limit: number,
  ): Promise<{ albums: { year: number; answers: number; correctAnswers: number }[]; pages: number }>;
  revalidateOverview(api: unknown): Promise<{ overview: unknown; repeatStatus: number; kept: unknown }>;
  readDashboard(
    api: unknown,
    authorization: string,
    from: string,
  ): Promise<{
    summary: { current: { plays: number; correctAnswers: number } };
    trend: { points: { plays: number }[] };
  }>;
}

describe('a v1 client generated by openapi-typescript, called through openapi-fetch', () => {
  test.each(ENGINES)(
    'plays a free quiz and the daily challenge and reads a paged list to its end (%s)',
    async (engine) => {
      const app = apps.get(engine)!;
      // Type-checked (strict) with the v0 consumer above.
      const consumer = (await import(join(dir, 'consumer-v1.ts'))) as ConsumerV1;
      // openapi-fetch hands over a Request; it reaches the app in process, checked against the document.
      const api = consumer.connect(async (request) => {
        const url = new URL(request.url);
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
        return app.request(`${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
        });
      });
      const session = crypto.randomUUID();
      const free = await consumer.playFree(api, 'hard', 19, session);
      expect(free.result).toMatchObject({ score: 19, questionCount: 30, difficulty: 'hard', mode: 'free' });
      const daily = await consumer.playDaily(api, 23, session);
      expect(daily.result).toMatchObject({ score: 23, mode: 'daily', ranked: true });
      const all = await consumer.readAllLines(api, 33);
      expect(all.lines).toHaveLength(all.total);
      expect(new Set(all.lines.map((l) => l.lyricId)).size).toBe(all.total);
      expect(all.pages).toBe(Math.ceil(all.total / 33));
      const day = (daily.quiz.daily as { day: string }).day;
      const read = await consumer.readDaily(api, 23, session);
      expect(read.percentile).toEqual({ day, score: 23, percentile: 0, samePercent: 100, plays: 1 });
      expect(read.streak).toMatchObject({ today: day, playedToday: true, current: 1 });
      expect(read.figures).toMatchObject({ day, plays: 1, averageScore: 23 });
      // Three albums, two a page; every play of the day (this app's earlier tests' too) answered 30 lines.
      const albums = await consumer.readAdminAlbums(api, ADMIN, day, 2);
      expect(albums.pages).toBe(2);
      expect(albums.albums.map((a) => a.year)).toEqual([1992, 1995, 1998]);
      const { plays } = (await (await app.request('/api/v1/stats/overview')).json()) as { plays: number };
      expect(plays).toBeGreaterThanOrEqual(2);
      expect(albums.albums.reduce((sum, a) => sum + a.answers, 0)).toBe(plays * 30);
      // A 304 is no body: the consumer tells it by the status and keeps what it holds.
      const revalidated = await consumer.revalidateOverview(api);
      expect(revalidated.repeatStatus).toBe(304);
      expect(revalidated.kept).toEqual(revalidated.overview);
      const dashboard = await consumer.readDashboard(api, ADMIN, day);
      expect(dashboard.summary.current.plays).toBe(plays);
      expect(dashboard.summary.current.correctAnswers).toBe(
        albums.albums.reduce((sum, a) => sum + a.correctAnswers, 0),
      );
      expect(dashboard.trend.points.reduce((sum, p) => sum + p.plays, 0)).toBe(plays);
    },
  );
});

describe('the answer checker (test/support/contract.ts)', () => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const checker = () => createContractValidator(JSON.parse(doc));

  test('refuses a status the operation does not document', async () => {
    await expect(
      checker().check(
        'GET',
        '/api/stats/overview',
        json(418, { error: { code: 'bad_request', message: 'x' } }),
      ),
    ).rejects.toThrow('not documented');
  });

  test('refuses a body that differs from the schema', async () => {
    await expect(
      checker().check(
        'GET',
        '/api/score-percentile/3',
        json(200, { percentile: 'high' }, { etag: '"a"', 'cache-control': 'public, max-age=5' }),
      ),
    ).rejects.toThrow('body differs');
  });

  test('refuses an error code the server does not have, and a missing required header', async () => {
    await expect(
      checker().check('GET', '/api/nope', json(404, { error: { code: 'gone', message: 'x' } })),
    ).rejects.toThrow('body differs');
    await expect(checker().check('GET', '/api/quiz', json(200, []))).rejects.toThrow('X-Quiz-Token');
  });
});
