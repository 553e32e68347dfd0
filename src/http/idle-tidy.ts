/** How often the server looks whether a burst of requests is over. */
const TICK_MS = 1_000;
/**
 * Ticks without a request that end a burst. Not fewer: a collection here deletes the compiled
 * code, and the next burst starts on code compiled again. With two, an open loop of 1,000
 * plays/s that began a few seconds after its plays were prepared had its submit p99 go from 20
 * to 25 ms (medians of 4 runs, `bun bench/latency.ts`); with five, 3,000 plays/s on a server
 * collected just before had its readers' p99 at 79 ms against 61 (medians of 5, a noisy host).
 * Ten keeps the start of a burst warm after any pause shorter than that, as the 10 s tick did.
 */
const QUIET_TICKS = 10;
/** What a burst must have added to the resident memory before a collection is worth its cost… */
const GROWTH_BYTES = 12 * 1024 * 1024;
/** …or how many requests it must have had (a flood that began before the first look is one). */
const BURST_REQUESTS = 1_000;

const residentBytes = () => process.memoryUsage.rss();

/**
 * What a server does once a burst of requests is over, so that its memory goes back down
 * while nobody asks (issue 37: 100,000 requests from 100,000 addresses left 226 MiB): `tidy`
 * runs (the limiters drop their ended windows: requests do that as they arrive, so an idle
 * server kept them), and, when the burst had BURST_REQUESTS or left the memory `growthBytes`
 * above the lowest seen while quiet before it, one full garbage collection runs and `Bun.shrink()` has JavaScriptCore
 * give the freed pages and the compiled code back to the system (the collection alone gives
 * back nothing measurable: 112 MiB before and after, docs/performance.md).
 *
 * A burst is over after QUIET_TICKS one-second ticks without a request (10–11 s after its last;
 * it was 10–20 s). The low is the least seen while quiet, from a second after the start (never
 * during it: a server settles above what it used while starting) and again after each collection
 * (a burst that comes before the next quiet look is collected). A handful of requests leaves
 * nothing worth collecting, and the next requests after a collection run on
 * code compiled again (the first quiz 2.5–2.9 ms instead of 0.9). Quiet, the collection takes
 * 2–8 ms. Never while requests arrive.
 */
export function createIdleTidy({
  activity,
  tidy,
  resident = residentBytes,
  growthBytes = GROWTH_BYTES,
}: {
  /** A count that moves with every request. */
  activity: () => number;
  /** The caller's own tidying at the end of every burst; told whether memory is given back too. */
  tidy: (end: { residentBytes: number; collecting: boolean }) => void;
  /** What the burst's growth is measured on: the process's RSS unless said otherwise. */
  resident?: () => number;
  growthBytes?: number;
}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let seen = activity();
  let busy = false;
  let quiet = 0;
  // First taken at the first look, a second after the start (busy or not: the start's own
  // garbage is behind it by then). After a collection it is unknown (+∞) until a quiet look: a
  // busy one would take a burst's height for the low, and that burst would never be collected.
  let low: number | undefined;
  // The activity count at the last quiet look: what a burst's requests are counted from.
  let before = seen;
  const tick = () => {
    const bytes = resident();
    low ??= bytes;
    const now = activity();
    if (now !== seen) {
      seen = now;
      busy = true;
      quiet = 0;
      return;
    }
    if (!busy) {
      low = Math.min(low, bytes);
      before = now;
      return;
    }
    if (++quiet < QUIET_TICKS) return;
    busy = false;
    const collecting =
      now - before >= BURST_REQUESTS || low === Number.POSITIVE_INFINITY || bytes - low >= growthBytes;
    before = now;
    tidy({ residentBytes: bytes, collecting });
    if (!collecting) return;
    Bun.gc(true);
    // Deprecated in the typings, without a successor; it still asks the VM to shrink its
    // footprint at its next idle moment, which is what this is for.
    Bun.shrink();
    low = Number.POSITIVE_INFINITY;
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
