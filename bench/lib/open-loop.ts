/**
 * Latency under load, open loop (docs/decisions/029): submissions sent at a fixed arrival rate
 * whatever the server does (a closed loop slows down with the server and hides its stalls),
 * while two readers fetch `/api/stats/overview` and `/` every 5 ms. Every latency is counted
 * from the moment the request was due, not from when the client got round to sending it, so a
 * stall of the generator or the server shows in the figures. The server's own event-loop delay
 * comes from its probe's log lines (`LOG_LEVEL=debug`, src/cli/event-loop-probe.ts).
 */
import { readFileSync } from 'node:fs';
import { sleepUntil } from './sleep-until';

interface Latency {
  count: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface OpenLoopRun {
  rate: number;
  seconds: number;
  submit: Latency;
  overview: Latency;
  page: Latency;
  /** The server's event-loop delay over the run: the worst window's p99 and the largest delay. */
  eventLoop: { p99Ms: number; maxMs: number } | undefined;
  /** The server's RSS right after the run (bench/run.ts sets it). */
  rssAfterMiB?: number;
}

const READ_EVERY_MS = 5;

function summary(latencies: number[], failed: number): Latency {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    count: sorted.length,
    failed,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** Sends requests due every `everyMs` from `start` until `end`, each timed from when it was due. */
async function paced(
  start: number,
  end: number,
  everyMs: number,
  send: (i: number) => Promise<Response>,
): Promise<Latency> {
  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  let i = 0;
  for (;;) {
    const now = performance.now();
    if (now >= end) break;
    // Every request due by now goes out now: the schedule does not wait for answers.
    while (start + i * everyMs <= now) {
      const due = start + i * everyMs;
      inFlight.push(
        send(i).then(
          async (response) => {
            await response.arrayBuffer();
            if (response.ok) latencies.push(performance.now() - due);
            else failed++;
          },
          () => void failed++,
        ),
      );
      i++;
    }
    await sleepUntil(Math.min(start + i * everyMs, end));
  }
  await Promise.all(inFlight);
  return summary(latencies, failed);
}

/** The event-loop windows the server logged between `fromMs` and `toMs` (epoch ms). */
function eventLoopOf(logFile: string | undefined, fromMs: number, toMs: number): OpenLoopRun['eventLoop'] {
  if (!logFile) return undefined;
  const windows = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"event loop delay"'))
    .map((line) => JSON.parse(line) as { time: string; p99Ms: number; maxMs: number })
    .filter((w) => Date.parse(w.time) > fromMs && Date.parse(w.time) <= toMs + 5_000);
  if (windows.length === 0) return undefined;
  return {
    p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
    maxMs: Math.max(...windows.map((w) => w.maxMs)),
  };
}

/**
 * One run at `rate` plays/s for `seconds`: `bodies` are submitted in order (one each; the run
 * needs `rate × seconds` of them), the two readers run alongside.
 */
export async function openLoop(options: {
  url: string;
  bodies: string[];
  rate: number;
  seconds: number;
  serverLog?: string;
}): Promise<OpenLoopRun> {
  const { url, bodies, rate, seconds } = options;
  const wallStart = Date.now();
  const start = performance.now() + 50;
  const end = start + seconds * 1000;
  const headers = { 'content-type': 'application/json' };
  const [submit, overview, page] = await Promise.all([
    paced(start, end, 1000 / rate, (i) =>
      fetch(`${url}/api/stats/submit-quiz`, { method: 'POST', headers, body: bodies[i % bodies.length]! }),
    ),
    paced(start, end, READ_EVERY_MS, () => fetch(`${url}/api/stats/overview`)),
    paced(start + READ_EVERY_MS / 2, end, READ_EVERY_MS, () => fetch(`${url}/`)),
  ]);
  // The probe logs every 5 s: wait for the window that covers the run's end.
  if (options.serverLog) await Bun.sleep(5_500);
  return {
    rate,
    seconds,
    submit,
    overview,
    page,
    eventLoop: eventLoopOf(options.serverLog, wallStart, Date.now()),
  };
}
