import type { Logger } from '../logger';

/** How often the probe's timer asks to run; its lateness is the event loop's delay. */
const PROBE_MS = 5;
/** How often a window of delays is logged. */
const WINDOW_MS = 5_000;

/**
 * The server's own event-loop delay, for operators and `npm run bench` (docs/decisions/029): a
 * timer asks to run every 5 ms and its lateness is how long a request arriving then would have
 * waited for the loop. Every 5 s a debug line gives the window's p99 and max (with
 * `LOG_LEVEL=debug`). A timer rather than `perf_hooks.monitorEventLoopDelay`: Bun's histogram
 * did not see a 300 ms busy loop (it reported a 4 ms maximum).
 */
export function startEventLoopProbe(log: Logger, windowMs = WINDOW_MS) {
  const nowMs = () => performance.now();
  let delays: number[] = [];
  let expected = nowMs() + PROBE_MS;
  const probe = setInterval(() => {
    const now = nowMs();
    delays.push(Math.max(0, now - expected));
    expected = now + PROBE_MS;
  }, PROBE_MS);
  const report = setInterval(() => {
    const window = delays.sort((a, b) => a - b);
    delays = [];
    if (window.length === 0) return;
    const at = (p: number) => window[Math.min(window.length - 1, Math.floor(p * window.length))]!;
    log.debug('event loop delay', {
      samples: window.length,
      p50Ms: Math.round(at(0.5) * 100) / 100,
      p99Ms: Math.round(at(0.99) * 100) / 100,
      maxMs: Math.round(window.at(-1)! * 100) / 100,
    });
  }, windowMs);
  probe.unref?.();
  report.unref?.();
  return {
    stop() {
      clearInterval(probe);
      clearInterval(report);
    },
  };
}
