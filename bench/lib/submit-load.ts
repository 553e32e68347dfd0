/**
 * Submission load: fetches `plays` quizzes first (each with its own token),
 * builds truthful submissions, then posts them with `connections` requests in
 * flight. Returns plays/s and latency percentiles of the POSTs only.
 */
import { writeFileSync } from 'node:fs';

interface SubmitLoadResult {
  plays: number;
  ok: number;
  failed: number;
  seconds: number;
  playsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface Question {
  lyricId: number;
  correctSongId: number;
  options: { id: number }[];
}

/**
 * Submission bodies for instances behind a balancer, each instance's from its own quizzes and its
 * own players (see `firstPlayer`), `plays` in all, written one JSON body a line to `fileOf(i)`
 * (what wrk's submit script reads). Returns the files, in the instances' order.
 */
export function bodyFilesPerInstance(
  servers: readonly { url: string }[],
  plays: number,
  fileOf: (instance: number) => string,
): Promise<string[]> {
  return Promise.all(
    servers.map(async (server, i) => {
      const bodies = await prepareSubmissions(server.url, Math.ceil(plays / servers.length), 10, i * 5_000);
      writeFileSync(fileOf(i), `${bodies.join('\n')}\n`);
      return fileOf(i);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function prepareSubmissions(
  baseUrl: string,
  plays: number,
  connections = 20,
  /**
   * The first of the 5,000 players the bodies cycle through. Instances behind a balancer get
   * different players here: one player plays one quiz at a time, and the same players sent to two
   * instances in the same order would have each player submit to both at once (on PostgreSQL, a
   * player's plays are written one transaction after another: docs/decisions/030).
   */
  firstPlayer = 0,
): Promise<string[]> {
  const bodies: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < plays) {
      const i = next++;
      const res = await fetch(`${baseUrl}/api/quiz?count=30`);
      if (res.status !== 200) throw new Error(`quiz fetch ${res.status}: ${await res.text()}`);
      const token = res.headers.get('x-quiz-token')!;
      const questions = (await res.json()) as Question[];
      const correct = i % 31;
      const answers = questions.map((q, n) => {
        const right = n < correct;
        return {
          lyricId: q.lyricId,
          songId: q.correctSongId,
          selectedSongId: right ? q.correctSongId : q.options.find((o) => o.id !== q.correctSongId)!.id,
          isCorrect: right,
        };
      });
      const sessionId = `00000000-0000-4000-8000-${String(firstPlayer + (i % 5000)).padStart(12, '0')}`;
      bodies[i] = JSON.stringify({
        quizToken: token,
        sessionId,
        deviceInfo: 'bench',
        score: correct,
        totalQuestions: 30,
        answers,
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return bodies;
}

async function runSubmitLoad(baseUrl: string, bodies: string[], connections = 50): Promise<SubmitLoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const t0 = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/stats/submit-quiz`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status === 200) ok++;
        else failed++;
      } catch {
        failed++; // refused or reset: the server is stopping or gone
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    plays: bodies.length,
    ok,
    failed,
    seconds,
    playsPerSecond: Math.round(ok / seconds),
    p50Ms: Math.round(percentile(latencies, 50) * 100) / 100,
    p99Ms: Math.round(percentile(latencies, 99) * 100) / 100,
  };
}

if (import.meta.main) {
  const [baseUrl = 'http://127.0.0.1:3000', plays = '5000', connections = '50'] = process.argv.slice(2);
  const bodies = await prepareSubmissions(baseUrl, Number(plays));
  console.log(JSON.stringify(await runSubmitLoad(baseUrl, bodies, Number(connections))));
}
