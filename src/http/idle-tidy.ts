/** How often the server looks whether it has been idle. */
const TICK_MS = 10_000;

/**
 * What a server does once a burst of requests is over, so that its memory goes back down
 * while nobody asks (issue 37: 100,000 requests from 100,000 addresses left 226 MiB): the
 * limiters drop their ended windows (requests do that as they arrive, so an idle server kept
 * them), then one full garbage collection returns the burst's garbage. Runs after a tick
 * without a request that followed a tick with some; never while requests arrive.
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
