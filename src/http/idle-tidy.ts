/** How often the server looks whether a burst of requests is over. */
const TICK_MS = 1_000;
/**
 * Ticks without a request that end a burst. Not fewer: a tidy deletes the compiled code, and a
 * load that followed a 2 s pause on a freshly tidied server had its submit p99 at 1,000 plays/s
 * go from 20 to 25 ms (medians of 4 runs each, `bun bench/latency.ts`).
 */
const QUIET_TICKS = 5;
/** What a burst must have added to the resident memory before a tidy is worth its pause. */
const GROWTH_BYTES = 12 * 1024 * 1024;

const residentBytes = () => process.memoryUsage.rss();

/**
 * What a server does once a burst of requests is over, so that its memory goes back down
 * while nobody asks (issue 37: 100,000 requests from 100,000 addresses left 226 MiB): the
 * limiters drop their ended windows (requests do that as they arrive, so an idle server kept
 * them), one full garbage collection returns the burst's garbage, and `Bun.shrink()` has
 * JavaScriptCore give the freed pages and the burst's compiled code back to the system (the
 * collection alone gives back nothing measurable: 112 MiB before and after, docs/performance.md).
 * Runs after five one-second ticks without a request that followed a tick with some (5–6 s
 * after a burst's end; it was 10–20 s), and only when the resident memory is GROWTH_BYTES above
 * the lowest seen while quiet: a handful of requests leaves nothing worth it, and the next
 * requests after a tidy run on code compiled again (the first quiz 2.5–2.9 ms instead of 0.9).
 * Quiet, the collection takes 2–8 ms. Never while requests arrive.
 */
export function createIdleTidy({
  activity,
  tidy,
  resident = residentBytes,
}: {
  activity: () => number;
  /** The caller's own tidying, told the resident bytes that called for it. */
  tidy: (residentBytes: number) => void;
  resident?: () => number;
}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let seen = activity();
  let busy = false;
  let quiet = 0;
  let floor = resident();
  const tick = () => {
    const now = activity();
    if (now !== seen) {
      seen = now;
      busy = true;
      quiet = 0;
      return;
    }
    const bytes = resident();
    floor = Math.min(floor, bytes);
    if (!busy || ++quiet < QUIET_TICKS) return;
    busy = false;
    if (bytes - floor < GROWTH_BYTES) return;
    tidy(bytes);
    Bun.gc(true);
    // Deprecated in the typings, without a successor; it still asks the VM to shrink its
    // footprint at its next idle moment, which is what this is for.
    Bun.shrink();
  };
  return {
    start() {
      timer ??= setInterval(tick, TICK_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    /** One look, as the timer takes it (tests). */
    tick,
  };
}
