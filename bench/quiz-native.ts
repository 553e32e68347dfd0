/**
 * `bun bench/quiz-native.ts [rounds] [variant ...]`: the experiment of docs/decisions/026 — can
 * `GET /api/quiz?count=30` reach 0.7× the payload-matched ceiling when Bun's native router
 * answers it, without Elysia, and with cheaper assembly of the quiz? Starts, from source with
 * NODE_ENV=production:
 *   - the payload-matched ceiling (bench/lib/ceiling.ts: a quiz of this catalogue byte for byte),
 *   - the product of this tree (`src/main.ts`; with `COMPARE_DIR=<checkout>` that one's too),
 *   - this file with `serve` as its argument: the same app behind a `Bun.serve` whose `routes`
 *     answer `/<variant>/api/quiz` with the variants below (everything else: `app.fetch`);
 * then loads each with wrk (one thread, 50 connections, `BENCH_SECONDS` a load, 4 by default),
 * interleaved in every round (the ceiling first, the rest reversed every other round), and
 * prints the medians of each round's ratio to that round's ceiling, with the server's CPU time
 * per request and the server's and wrk's CPU shares.
 * `bun bench/quiz-native.ts stages`: the same quiz assemblies in process, CPU µs a call.
 * An experiment, not part of `npm run bench`; docs/performance.md records what it showed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'bun';
import { startServer, stopAllServers } from './lib/server';
import { ensureWrk, type Load, wrk } from './lib/wrk';

const root = resolve(import.meta.dir, '..');

if (process.argv[2] === 'serve') await serveVariants();
else if (process.argv[2] === 'stages') await stages();
else await drive();

/**
 * A quiz straight into JSON fragments and token ids, without Question objects: the same
 * draws as generateQuiz (lines by a partial shuffle, four other songs, the right one at a
 * random place), fragments encoded once per catalogue as src/quiz/serialize.ts does.
 */
async function directAssembly(
  index: import('../src/catalogue/catalogue-index').CatalogueIndex,
  secret: string,
) {
  const { createQuizToken, newNonce } = await import('../src/quiz/token');
  const { sampleDistinct } = await import('../src/quiz/sample');
  const { OPTIONS_PER_QUESTION } = await import('../src/shared/rules');
  const utf8 = new TextEncoder();
  const pair = (json: string): [Uint8Array, Uint8Array] => [utf8.encode(json), utf8.encode(`,${json}`)];
  const headByIndex = index.askable.map((lyric) => {
    const { song } = lyric;
    const head = {
      id: lyric.id,
      lyricId: lyric.id,
      lyric: lyric.text,
      correctSongId: song.id,
      correctSongTitle: song.title,
      albumTitle: song.album.title,
      albumYear: song.album.year,
    };
    return pair(`${JSON.stringify(head).slice(0, -1)},"options":[`);
  });
  const optionBySong = index.songs.map((song) => pair(JSON.stringify(song.option)));
  const OPEN = utf8.encode('[');
  const CLOSE_Q = utf8.encode(']}');
  const CLOSE = utf8.encode(']');
  const parts: Uint8Array[] = [];
  const others: number[] = [];
  const direct = (count: number, nowSeconds: number) => {
    const { askable, songs } = index;
    const distractors = Math.min(OPTIONS_PER_QUESTION - 1, songs.length - 1);
    const picked = sampleDistinct(Math.random, askable.length, count);
    const lyricIds = new Array<number>(picked.length);
    const optionIds = new Array<number[]>(picked.length);
    parts.length = 0;
    parts.push(OPEN);
    let length = OPEN.length + CLOSE.length;
    for (let q = 0; q < picked.length; q++) {
      const lyric = askable[picked[q]!]!;
      const correct = lyric.song.index;
      others.length = 0;
      while (others.length < distractors) {
        const c = Math.floor(Math.random() * songs.length);
        if (c !== correct && !others.includes(c)) others.push(c);
      }
      const at = Math.floor(Math.random() * (distractors + 1));
      const head = headByIndex[picked[q]!]![q > 0 ? 1 : 0]!;
      parts.push(head);
      length += head.length + CLOSE_Q.length;
      const ids = new Array<number>(distractors + 1);
      for (let p = 0, d = 0; p <= distractors; p++) {
        const s = p === at ? correct : others[d++]!;
        ids[p] = songs[s]!.id;
        const fragment = optionBySong[s]![p > 0 ? 1 : 0]!;
        parts.push(fragment);
        length += fragment.length;
      }
      parts.push(CLOSE_Q);
      lyricIds[q] = lyric.id;
      optionIds[q] = ids;
    }
    parts.push(CLOSE);
    const token = createQuizToken(secret, {
      lyricIds,
      options: optionIds,
      issuedAt: nowSeconds,
      nonce: newNonce(),
    });
    return { length, token };
  };
  /** The parts of the last quiz in one Uint8Array of the right size, filled with `.set`. */
  const intoArray = (length: number) => {
    const body = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      body.set(part, at);
      at += part.length;
    }
    return body;
  };
  return { direct, parts, intoArray };
}

/** In process: CPU µs a call (process.cpuUsage, best of five batches) of each assembly. */
async function stages() {
  const { loadCatalogueIndex } = await import('../src/storage/sqlite/catalogue-load');
  const { seedCatalogue } = await import('../src/storage/sqlite/catalogue-seed');
  const { createSqliteDb } = await import('../src/storage/sqlite/client');
  const { migrateDb } = await import('../src/storage/sqlite/migrate');
  const { createQuiz } = await import('../src/quiz/service');
  const { serializeQuiz } = await import('../src/quiz/serialize');
  const db = createSqliteDb(':memory:');
  migrateDb(db);
  seedCatalogue(db);
  const index = loadCatalogueIndex(db);
  const secret = 'bench-secret-bench-secret-bench-secret';
  const { direct, parts, intoArray } = await directAssembly(index, secret);
  const batch = 20_000;
  const cpu = (fn: () => unknown) => {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 5; round++) {
      const before = process.cpuUsage();
      for (let i = 0; i < batch; i++) fn();
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / batch);
    }
    return best;
  };
  const cases: [string, () => unknown][] = [
    [
      'createQuiz + serializeQuiz (the route today)',
      () => {
        const quiz = createQuiz(index, secret, 30, 1_700_000_000);
        return serializeQuiz(index, quiz.questions);
      },
    ],
    ['direct + Buffer.concat', () => Buffer.concat(parts, direct(30, 1_700_000_000).length)],
    ['direct + one Uint8Array filled with .set', () => intoArray(direct(30, 1_700_000_000).length)],
    [
      'direct + Blob of the parts',
      () => new Blob(parts as Uint8Array<ArrayBuffer>[]).size + direct(30, 1_700_000_000).length,
    ],
  ];
  // Alternating twice, so both halves of a noisy minute see each case.
  const results = new Map<string, number[]>();
  for (const pass of [0, 1])
    for (const [label, fn] of pass === 0 ? cases : [...cases].reverse())
      results.set(label, [...(results.get(label) ?? []), cpu(fn)]);
  for (const [label, values] of results)
    console.log(`${label}: ${values.map((v) => v.toFixed(1)).join(' / ')} µs`);
}

/** The server side: the app as `kviz serve` builds it, plus the native variants. */
async function serveVariants() {
  const { createApp } = await import('../src/app');
  const { adminUnlockMarker, loadAdminCredentials } = await import('../src/admin/credentials');
  const { loadConfig } = await import('../src/config');
  const { createLogger } = await import('../src/logger');
  const { systemClock: clock } = await import('../src/time/clock');
  const { emptyAssets } = await import('../src/pages/client-assets');
  const { openRuntime } = await import('../src/storage/open');
  const { createQuiz } = await import('../src/quiz/service');
  const { serializeQuiz } = await import('../src/quiz/serialize');
  const { createQuizToken, newNonce } = await import('../src/quiz/token');
  const { generateQuiz } = await import('../src/quiz/generate');
  const { securityHeaders } = await import('../src/http/security-headers');
  const { createRateLimiter } = await import('../src/http/rate-limit');
  const { createLimiterKeyCache } = await import('../src/http/address');
  const { drawQuiz } = await import('../src/quiz/draw');
  const { Elysia } = await import('elysia');
  const { requestLog } = await import('../src/http/request-log');
  const { securityHeadersPlugin } = await import('../src/http/security-headers');
  const { requestTarget } = await import('../src/http/request-target');
  const { crossOrigin } = await import('../src/http/cors');
  const { errorHandler } = await import('../src/http/error-handler');
  const { bodyParser } = await import('../src/http/body-parser');
  const { rateLimits } = await import('../src/http/rate-limit');

  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel);
  const runtime = await openRuntime(config, { seed: true, log });
  const admin = await loadAdminCredentials(config, runtime.meta, log);
  const app = createApp({
    config,
    log,
    clock,
    admin,
    adminUnlockMarker: adminUnlockMarker(runtime.meta),
    assets: emptyAssets,
    stores: runtime.stores,
    secrets: runtime.secrets,
    daily: runtime.daily,
    catalogue: () => runtime.catalogue,
  });
  const index = runtime.catalogue;
  const secret = runtime.secrets.quizToken;

  // What the Elysia route does around the quiz, spelt out: the limiter, its fields, the log line.
  const limiter = createRateLimiter(config.rateLimitQuizPerMinute, 60_000, clock.nowMs);
  const limiterKey = createLimiterKeyCache();
  const policy = `"minute";q=${limiter.limit};w=60`;
  let issued = 0; // stands for the quizzes-issued count the product keeps per quiz
  const quota = (request: Request, server: Server<unknown>) => {
    const peer = server.requestIP(request)?.address ?? '127.0.0.1';
    const q = limiter.consume(limiterKey(peer));
    return `"minute";r=${Math.max(0, q.remaining)};t=${q.resetSeconds}`;
  };
  const logged = (started: number, status: number) =>
    log.info('request', {
      method: 'GET',
      path: '/api/quiz',
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  const headersOf = (token: string, ratelimit: string): Record<string, string> => ({
    ...securityHeaders,
    'ratelimit-policy': policy,
    ratelimit,
    'content-type': 'application/json; charset=utf-8',
    'x-quiz-token': token,
    'cache-control': 'no-store',
  });

  // One Headers object, filled once, its two per-request fields set before each Response copies it.
  const shared = new Headers(headersOf('', ''));
  const headersShared = (token: string, ratelimit: string) => {
    shared.set('ratelimit', ratelimit);
    shared.set('x-quiz-token', token);
    return shared;
  };

  const { direct, parts, intoArray } = await directAssembly(index, secret);

  const premade = createQuiz(index, secret, 30, clock.nowSeconds());
  const premadeBytes = serializeQuiz(index, premade.questions);
  const premadeIds = premade.questions.map((q) => q.lyricId);
  const premadeOptions = premade.questions.map((q) => q.options.map((o) => o.id));

  // The product's global plugins in its order and the quiz route's rate limit, in front of a
  // route that answers the pre-made quiz as the product's route answers: what Elysia and the
  // plugins cost a quiz request without any quiz work (docs/decisions/026).
  const floorLimits = rateLimits(
    { quiz: [createRateLimiter(config.rateLimitQuizPerMinute, 60_000, clock.nowMs)] },
    [],
  );
  const elysiaFloor = new Elysia()
    .use(requestLog(log))
    .use(securityHeadersPlugin)
    .use(requestTarget)
    .use(crossOrigin({ origins: config.corsOrigins, allowedMethods: () => ['GET'] }))
    .use(errorHandler(log))
    .use(bodyParser(config.requestTimeoutSeconds))
    .use(floorLimits)
    .get(
      '/elysiafloor/api/quiz',
      ({ set }) => {
        issued++;
        const response = new Response(premadeBytes, {
          headers: {
            ...(set.headers as Record<string, string>),
            'content-type': 'application/json; charset=utf-8',
            'x-quiz-token': premade.token,
            'cache-control': 'no-store',
          },
        });
        set.headers = {};
        return response;
      },
      { rateLimit: 'quiz' },
    );

  type Handler = (request: Request, server: Server<unknown>) => Response;
  const count = (request: Request) => {
    // `?count=30` as the load sends it; the product parses and validates it (digits, 1–50).
    const q = request.url.indexOf('count=');
    return q < 0 ? 30 : Number(request.url.slice(q + 6));
  };
  const variants: Record<string, Handler> = {
    /** Pre-made bytes with only a content type: the native router's own floor. */
    bare: () => new Response(premadeBytes, { headers: { 'content-type': 'application/json;charset=utf-8' } }),
    /** Pre-made bytes with every header, the rate limit and the log line: all but the quiz. */
    floor: (request, server) => {
      const started = performance.now();
      const response = new Response(premadeBytes, {
        headers: headersOf(premade.token, quota(request, server)),
      });
      logged(started, 200);
      return response;
    },
    /** `floor` with the headers from one Headers object (two fields set per request). */
    floorh: (request, server) => {
      const started = performance.now();
      const response = new Response(premadeBytes, {
        headers: headersShared(premade.token, quota(request, server)),
      });
      logged(started, 200);
      return response;
    },
    /** `floor` without the log line. */
    floornolog: (request, server) =>
      new Response(premadeBytes, { headers: headersOf(premade.token, quota(request, server)) }),
    /** `floor` without the rate limit and the log line: the headers alone. */
    headers: () => new Response(premadeBytes, { headers: headersOf(premade.token, 'x') }),
    /** `direct` with the shared Headers object. */
    directh: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const { length, token } = direct(count(request), clock.nowSeconds());
      issued++;
      const response = new Response(Buffer.concat(parts, length), {
        headers: headersShared(token, ratelimit),
      });
      logged(started, 200);
      return response;
    },
    /** `floor` after the quiz's token alone (ids of the pre-made quiz). */
    tokenonly: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const token = createQuizToken(secret, {
        lyricIds: premadeIds,
        options: premadeOptions,
        issuedAt: clock.nowSeconds(),
        nonce: newNonce(),
      });
      const response = new Response(premadeBytes, { headers: headersOf(token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** `floor` after generating the questions alone (generateQuiz, no token, no body). */
    genonly: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      generateQuiz(index, count(request));
      const response = new Response(premadeBytes, { headers: headersOf(premade.token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** `floor` with a fresh copy of the bytes per request: what a new body costs by itself. */
    copy: (request, server) => {
      const started = performance.now();
      const response = new Response(premadeBytes.slice(), {
        headers: headersOf(premade.token, quota(request, server)),
      });
      logged(started, 200);
      return response;
    },
    /** `floor` after generating a quiz and its token into fragments: what generating costs by itself. */
    gen: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const { token } = direct(count(request), clock.nowSeconds());
      const response = new Response(premadeBytes, { headers: headersOf(token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** Today's route work without Elysia: createQuiz, serializeQuiz (Buffer.concat), Response. */
    shared: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const quiz = createQuiz(index, secret, count(request), clock.nowSeconds());
      issued++;
      const response = new Response(serializeQuiz(index, quiz.questions), {
        headers: headersOf(quiz.token, ratelimit),
      });
      logged(started, 200);
      return response;
    },
    /** As `shared`, without the log line (what the log costs). */
    nolog: (request, server) => {
      const ratelimit = quota(request, server);
      const quiz = createQuiz(index, secret, count(request), clock.nowSeconds());
      issued++;
      return new Response(serializeQuiz(index, quiz.questions), {
        headers: headersOf(quiz.token, ratelimit),
      });
    },
    /** The product's drawQuiz (src/quiz/draw.ts) with the floor's headers, limit and log line. */
    draw: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const drawn = drawQuiz(index, secret, count(request), clock.nowSeconds());
      issued++;
      const response = new Response(drawn.body, { headers: headersOf(drawn.token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** Generation into fragments, one Buffer.concat. */
    direct: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const { length, token } = direct(count(request), clock.nowSeconds());
      issued++;
      const response = new Response(Buffer.concat(parts, length), { headers: headersOf(token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** Generation into fragments, one Uint8Array of the right size filled with `.set`. */
    set: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const { length, token } = direct(count(request), clock.nowSeconds());
      issued++;
      const response = new Response(intoArray(length), { headers: headersOf(token, ratelimit) });
      logged(started, 200);
      return response;
    },
    /** Generation into fragments, a Blob of the parts. */
    blob: (request, server) => {
      const started = performance.now();
      const ratelimit = quota(request, server);
      const { token } = direct(count(request), clock.nowSeconds());
      issued++;
      const response = new Response(new Blob(parts as Uint8Array<ArrayBuffer>[]), {
        headers: headersOf(token, ratelimit),
      });
      logged(started, 200);
      return response;
    },
  };
  const routes: Record<string, Record<'GET', Handler>> = {};
  for (const [name, handler] of Object.entries(variants)) routes[`/${name}/api/quiz`] = { GET: handler };
  (routes as Record<string, unknown>)['/elysiafloor/api/quiz'] = {
    GET: (request: Request) => elysiaFloor.fetch(request),
  };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    development: false,
    routes,
    fetch: (request) => app.fetch(request),
  });
  // A profile (`bun --cpu-prof-md bench/quiz-native.ts serve`) is written on exit.
  process.on('SIGTERM', () => process.exit(0));
  log.info('listening', { url: server.url.href.replace(/\/$/, ''), issued });
}

/** The driver: starts the three servers and loads them in turn. */
async function drive() {
  const args = process.argv.slice(2);
  const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
  const chosen = args.filter((a) => !/^\d+$/.test(a));
  const variants = chosen.length > 0 ? chosen : ['bare', 'floor', 'shared', 'direct', 'set'];
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const connections = 50;
  const say = (message: string) => console.log(`[native] ${message}`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  ensureWrk(say);
  const work = mkdtempSync(join(tmpdir(), 'kviz-native-'));
  try {
    const launcher = (name: string, script: string, dir0 = root) => {
      const dir = join(work, name);
      mkdirSync(dir);
      const file = join(dir, 'launch');
      writeFileSync(
        file,
        `#!/bin/sh\ncd ${dir0} && NODE_ENV=production DATABASE_PATH=${join(dir, 'kviz.db')} exec ${process.execPath} ${script}\n`,
        { mode: 0o755 },
      );
      return { file, dir };
    };
    // COMPARE_DIR: another checkout (its node_modules beside it), loaded as `compare`.
    const other = process.env.COMPARE_DIR;
    const product = launcher('product', 'src/main.ts');
    const native = launcher('native', 'bench/quiz-native.ts serve');
    const productServer = await startServer(product.file, product.dir);
    const nativeServer = await startServer(native.file, native.dir);
    const compare = other ? launcher('compare', 'src/main.ts', other) : undefined;
    const compareServer = compare ? await startServer(compare.file, compare.dir) : undefined;
    const body = join(work, 'quiz.json');
    writeFileSync(
      body,
      new Uint8Array(await (await fetch(`${productServer.url}/api/quiz?count=30`)).arrayBuffer()),
    );
    const ceilingProc = Bun.spawn([process.execPath, join(import.meta.dir, 'lib/ceiling.ts'), body], {
      stdout: 'pipe',
    });
    const { value } = await ceilingProc.stdout.getReader().read();
    const ceilingUrl = `${new TextDecoder().decode(value).trim()}/sized`;
    // Each target: its URL and the process whose CPU is read.
    const targets = [
      { name: 'ceiling', url: ceilingUrl, pid: ceilingProc.pid },
      { name: 'product', url: `${productServer.url}/api/quiz?count=30`, pid: productServer.pid },
      ...(compareServer
        ? [{ name: 'compare', url: `${compareServer.url}/api/quiz?count=30`, pid: compareServer.pid }]
        : []),
      ...variants.map((v) => ({
        name: v,
        url: `${nativeServer.url}/${v}/api/quiz?count=30`,
        pid: nativeServer.pid,
      })),
    ];
    for (const t of targets) {
      const r = await fetch(t.url);
      const bytes = (await r.arrayBuffer()).byteLength;
      if (r.status !== 200) throw new Error(`${t.name}: ${r.status}`);
      say(`${t.name}: ${bytes} bytes, ${[...r.headers.keys()].length} headers`);
    }
    const loads = new Map<string, Load[]>(targets.map((t) => [t.name, []]));
    for (let r = 0; r < rounds; r++) {
      // The ceiling first in every round; the rest reversed every other round.
      const rest = targets.slice(1);
      const order = [targets[0]!, ...(r % 2 === 0 ? rest : rest.reverse())];
      for (const t of order) {
        const load = await wrk({ url: t.url, connections, duration: seconds, serverPid: t.pid });
        loads.get(t.name)!.push(load);
        say(
          `round ${r + 1} ${t.name}: ${load.requestsPerSecond.toFixed(0)} req/s, server ${(load.serverCpu! * 100).toFixed(0)} % ` +
            `(${load.serverCpuUsPerRequest!.toFixed(1)} µs/req), wrk ${(load.generatorCpu * 100).toFixed(0)} %, non-2xx ${load.non2xx}`,
        );
      }
    }
    const ceiling = loads.get('ceiling')!;
    const summary = targets.map((t) => {
      const ls = loads.get(t.name)!;
      return {
        target: t.name,
        rps: Math.round(median(ls.map((l) => l.requestsPerSecond))),
        vsCeiling: Number(
          median(ls.map((l, i) => l.requestsPerSecond / ceiling[i]!.requestsPerSecond)).toFixed(3),
        ),
        serverCpu: Number(median(ls.map((l) => l.serverCpu!)).toFixed(2)),
        serverUsPerRequest: Number(median(ls.map((l) => l.serverCpuUsPerRequest!)).toFixed(1)),
        wrkCpu: Number(median(ls.map((l) => l.generatorCpu)).toFixed(2)),
        p99Ms: Number(median(ls.map((l) => l.latencyP99Ms)).toFixed(2)),
      };
    });
    console.table(summary);
    console.log(JSON.stringify({ date: new Date().toISOString(), rounds, seconds, summary }));
    ceilingProc.kill();
  } finally {
    stopAllServers();
    rmSync(work, { recursive: true, force: true });
  }
}
