/** How often the server looks whether it has been idle. */
const TICK_MS = 10_000;

/**
 * What a server does once a burst of requests is over, so that its memory goes back down
 * while nobody asks (issue 37: 100,000 requests from 100,000 addresses left 226 MiB): the
 * limiters drop their ended windows (requests do that as they arrive, so an idle server kept
 * them), one full garbage collection returns the burst's garbage, and `Bun.shrink()` has
 * JavaScriptCore give the freed pages and the burst's compiled code back to the system (after
 * the collection alone the binary stayed at ~147 MiB for a minute; with it, ~117 MiB within
 * 15 s). Runs after a tick without a request that followed a tick with some; never while
 * requests arrive.
 */
export function createIdleTidy({ activity, tidy }: { activity: () => number; tidy: () => void }) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let seen = activity();
  let busy = false;
  const tick = () => {
    const now = activity();
    if (now !== seen) {
      seen = now;
      busy = true;
      return;
    }
    if (!busy) return;
    busy = false;
    tidy();
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
