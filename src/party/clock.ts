import type { Clock } from '../time/clock';

/** A timer handle: whatever `setTimer` returned, given back to `clearTimer`. */
export type TimerHandle = { readonly id: number };

/**
 * The clock a live game runs on: the time plus timers, injected so that tests move time and
 * fire every timer themselves (src/party/manual-clock.ts); nothing in the game calls setTimeout.
 */
export interface TimerClock extends Clock {
  setTimer(ms: number, run: () => void): TimerHandle;
  clearTimer(handle: TimerHandle | undefined): void;
}

/** The real clock: Date.now and setTimeout. */
export function createSystemTimerClock(): TimerClock {
  const live = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 1;
  return {
    nowMs: () => Date.now(),
    nowSeconds: () => Math.floor(Date.now() / 1000),
    setTimer(ms, run) {
      const id = next++;
      live.set(
        id,
        setTimeout(() => {
          live.delete(id);
          run();
        }, ms),
      );
      return { id };
    },
    clearTimer(handle) {
      if (!handle) return;
      clearTimeout(live.get(handle.id));
      live.delete(handle.id);
    },
  };
}
