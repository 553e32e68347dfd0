import type { TimerClock, TimerHandle } from './clock';

export interface ManualClock extends TimerClock {
  /** Moves time forward, firing every timer that falls due on the way, in order. */
  advance(ms: number): void;
  /** Timers not yet fired. */
  pending(): number;
}

/** A clock that moves only when told: the live game's tests and the browser test server drive time with it. */
export function createManualClock(startMs = 1_800_000_000_000): ManualClock {
  let now = startMs;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    nowMs: () => now,
    nowSeconds: () => Math.floor(now / 1000),
    setTimer(ms, run): TimerHandle {
      const id = next++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return { id };
    },
    clearTimer(handle) {
      if (handle) timers.delete(handle.id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let first: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= end && (!first || entry[1].at < first[1].at)) first = entry;
        if (!first) break;
        timers.delete(first[0]);
        now = Math.max(now, first[1].at);
        first[1].run();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
