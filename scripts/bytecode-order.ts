/**
 * The profile behind the binary's bytecode layout (build.ts; docs/decisions/046): a first build
 * of the binary is started on a database it made in an earlier start (a server's usual start),
 * with `BUN_BYTECODE_ORDER_OUT`, and walked through what a server does most (its pages, a quiz,
 * the daily challenge, a play submitted, the public statistics, an administrator's read); Bun
 * writes down the functions that ran, and the final build lays their bytecode out together at
 * the front of the executable (`compile.bytecodeOrder`). A running server then faults in fewer
 * pages of the file: less RSS from the start.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PASSWORD = 'bytecode-order-profile';
/** The whole profile run: a start, the walk and the stop (a few seconds on an idle machine). */
const DEADLINE_MS = 60_000;

/** A started binary: its address once listening, its log so far, its exit. */
function started(binary: string, dir: string, env: Record<string, string>) {
  const server = Bun.spawn([binary], {
    cwd: dir,
    env: {
      PATH: '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: PASSWORD,
      PLAY_MIN_SECONDS: '0',
      ...env,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const lines: string[] = [];
  // Read to its end, whole lines only: a full pipe would stop the server at its next log line.
  const url = new Promise<string>((resolveUrl, reject) => {
    (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      const reader = server.stderr.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        buffer += decoder.decode(r.value, { stream: true });
        for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          lines.push(line);
          if (lines.length > 40) lines.shift();
          if (line.includes('"listening"')) resolveUrl((JSON.parse(line) as { url: string }).url);
        }
      }
      reject(new Error('the server stopped before listening'));
    })().catch(reject);
  });
  return { server, url, log: () => lines.join('\n') };
}

async function expectOk(url: string, init?: RequestInit): Promise<Response> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
  return answer;
}

type Question = { lyricId: number; correctSongId: number };

/** A quiz (or the daily challenge) fetched and submitted with every answer right. */
async function play(url: string, path: string, sessionId: string): Promise<void> {
  const quiz = await expectOk(`${url}${path}`);
  const token = quiz.headers.get('x-quiz-token') ?? '';
  // A quiz is the questions; the daily challenge has them beside its day.
  const answer = (await quiz.json()) as Question[] | { questions: Question[] };
  const questions = Array.isArray(answer) ? answer : answer.questions;
  const body = {
    quizToken: token,
    sessionId,
    deviceInfo: 'Mozilla/5.0 (X11; Linux x86_64)',
    score: questions.length,
    totalQuestions: questions.length,
    answers: questions.map((q) => ({
      lyricId: q.lyricId,
      songId: q.correctSongId,
      selectedSongId: q.correctSongId,
      isCorrect: true,
    })),
  };
  await expectOk(`${url}/api/stats/submit-quiz`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** What the profile run asks for: each a few times, so that what a busy server runs is counted. */
async function walk(url: string): Promise<void> {
  const admin = { authorization: `Basic ${btoa(`admin:${PASSWORD}`)}` };
  for (let round = 0; round < 3; round++) {
    for (const page of ['/', '/quiz', '/statistics', '/dnevni-izazov', '/admin'])
      await (await expectOk(`${url}${page}`, { headers: { 'accept-encoding': 'gzip, br' } })).arrayBuffer();
    await play(url, '/api/quiz?count=30', `00000000-0000-4000-8000-00000000000${round}`);
    await play(url, '/api/daily', `00000000-0000-4000-8000-00000000001${round}`);
    for (const read of ['/api/stats/overview', '/api/stats/lyrics', '/api/stats/songs', '/api/stats/albums'])
      await (await expectOk(`${url}${read}`)).arrayBuffer();
    await (await expectOk(`${url}/api/admin/stats/summary`, { headers: admin })).arrayBuffer();
  }
}

/** Starts `binary` in `dir`, runs `then` once it listens, stops it with SIGTERM; a failure kills it. */
async function run(
  binary: string,
  dir: string,
  env: Record<string, string>,
  then: (url: string) => Promise<void>,
): Promise<void> {
  const { server, url, log } = started(binary, dir, env);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
  });
  try {
    await Promise.race([
      (async () => {
        await then(await url);
        server.kill('SIGTERM');
        await server.exited;
      })(),
      deadline,
    ]);
    if (server.exitCode !== 0)
      throw new Error(`the server stopped with ${server.exitCode ?? server.signalCode}`);
  } catch (error) {
    server.kill('SIGKILL');
    await server.exited;
    throw new Error(`${(error as Error).message}\nthe server's last lines:\n${log()}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `binary` through the walk in `dir` (an empty directory the caller removes) and returns the
 * file of the functions it ran. Any failure (no listening within the deadline, a refused request,
 * a stop other than a clean one, an empty profile) throws.
 */
export async function recordBytecodeOrder(binary: string, dir: string): Promise<string> {
  // Absolute: a relative program path would be looked up from the server's working directory.
  const program = resolve(binary);
  const work = join(dir, 'server');
  mkdirSync(work);
  const file = join(dir, 'order.txt');
  try {
    // The first start makes the database; the profiled one starts on it, as a server usually does.
    await run(program, work, {}, async () => {});
    await run(program, work, { BUN_BYTECODE_ORDER_OUT: file }, walk);
    if (Bun.file(file).size === 0) throw new Error('the server wrote an empty profile');
  } catch (error) {
    throw new Error(`bytecode order profile: ${(error as Error).message}`);
  }
  return file;
}
