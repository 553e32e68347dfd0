/**
 * The profile behind the binary's bytecode layout (build.ts; docs/decisions/046): the binary just
 * built is started once on an empty directory with `BUN_BYTECODE_ORDER_OUT` and walked through
 * what a server does most (its pages, a quiz, the daily challenge, a play submitted, the public
 * statistics, an administrator's read); Bun writes down the functions that ran, and the second
 * build lays their bytecode out together at the front of the executable (`compile.bytecodeOrder`).
 * A running server then faults in fewer pages of the file: less RSS from the start.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PASSWORD = 'bytecode-order-profile';

/**
 * The server's address, from its "listening" log line (stderr, one JSON object a line). The rest
 * of stderr is read too, to its end: a full pipe would stop the server at its next log line.
 */
function listeningUrl(stderr: ReadableStream<Uint8Array>): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let seen = '';
    let found = false;
    const reader = stderr.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (found) continue;
        seen += decoder.decode(value, { stream: true });
        const line = seen.split('\n').find((l) => l.includes('"listening"'));
        if (line) {
          found = true;
          resolve((JSON.parse(line) as { url: string }).url);
        }
      }
      if (!found) reject(new Error(`the server stopped before listening:\n${seen}`));
    })().catch(reject);
  });
}

async function expectOk(response: Promise<Response>, what: string): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return answer;
}

type Question = { lyricId: number; correctSongId: number };

/** One play of each kind a player makes: a normal quiz and the daily challenge, both submitted. */
async function play(url: string, path: string, sessionId: string): Promise<void> {
  const quiz = await expectOk(fetch(`${url}${path}`), path);
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
  await expectOk(
    fetch(`${url}/api/stats/submit-quiz`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    `submit after ${path}`,
  );
}

/** What the profile run asks for: each a few times, so that what a busy server runs is counted. */
async function walk(url: string): Promise<void> {
  const admin = { authorization: `Basic ${btoa(`admin:${PASSWORD}`)}` };
  for (let round = 0; round < 3; round++) {
    for (const page of ['/', '/quiz', '/statistics', '/dnevni-izazov', '/admin'])
      await (await fetch(`${url}${page}`, { headers: { 'accept-encoding': 'gzip, br' } })).arrayBuffer();
    await play(url, '/api/quiz?count=30', `00000000-0000-4000-8000-00000000000${round}`);
    await play(url, '/api/daily', `00000000-0000-4000-8000-00000000001${round}`);
    for (const read of ['/api/stats/overview', '/api/stats/lyrics', '/api/stats/songs', '/api/stats/albums'])
      await expectOk(fetch(`${url}${read}`), read).then((r) => r.arrayBuffer());
    await expectOk(fetch(`${url}/api/admin/stats/summary`, { headers: admin }), 'admin summary').then((r) =>
      r.arrayBuffer(),
    );
  }
}

/**
 * Runs `binary` through the walk and returns the file of the functions it ran, in a directory of
 * its own; `remove()` deletes it once the second build has read it.
 */
export async function recordBytecodeOrder(binary: string): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-bytecode-order-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const file = join(dir, 'order.txt');
  const server = Bun.spawn([binary], {
    cwd: dir,
    env: {
      PATH: '/usr/bin:/bin',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: PASSWORD,
      PLAY_MIN_SECONDS: '0',
      BUN_BYTECODE_ORDER_OUT: file,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = await Promise.race([
      listeningUrl(server.stderr),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the server did not listen within 20 s')), 20_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await walk(url);
    server.kill('SIGTERM');
    if ((await server.exited) !== 0) throw new Error(`the server exited with ${server.exitCode}`);
    if (statSync(file).size === 0) throw new Error('the server wrote an empty profile');
    return { file, remove };
  } catch (error) {
    server.kill('SIGKILL');
    remove();
    throw new Error(`bytecode order profile: ${(error as Error).message}`);
  }
}
