/**
 * Sleeps until `dueMs` (a `performance.now()` time), at least 1 ms, in whole milliseconds.
 * `Bun.sleep()` of a fraction of a millisecond spins instead of sleeping: three open-loop pacers
 * burnt ~0.8 of a core that way, taken from the server they measure on a 2-core machine. A pacer
 * that wakes up to 1 ms late still times each request from when it was due, so the wait counts.
 */
export function sleepUntil(dueMs: number): Promise<void> {
  return Bun.sleep(Math.max(1, Math.ceil(dueMs - performance.now())));
}
