/**
 * When the counters a play's transaction leaves to later are written (docs/decisions/025): at
 * most `delayMs` after the first play committed since the last flush, and at a graceful stop.
 * A serving SQLite process does not use it: its writer thread flushes by itself
 * (`PlayStore.flushesOnItsOwn`, docs/decisions/035). In process, reads of those counters flush
 * first (the SQLite stats store), so this bounds only the work
 * left for them and for the catch-up at the next start, not what anyone reads.
 */
export interface CounterFlushOptions {
  /** The play store's `flushCounters`. */
  flush: () => Promise<unknown>;
  delayMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * How long a committed play's per-line counters may wait to be written. A flush holds the event
 * loop and its memory in proportion to the plays it counts, so a shorter wait trades a little of
 * a saturated server's top rate for a lower p99 and peak memory (the figures of 1 s against
 * 500 ms are in docs/decisions/025, its amendment "`COUNTER_FLUSH_MS` 1 s → 500 ms").
 */
const COUNTER_FLUSH_MS = 500;

export function createCounterFlush({ flush, delayMs = COUNTER_FLUSH_MS, onError }: CounterFlushOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    try {
      await flush();
    } catch (error) {
      onError?.(error);
    }
  };
  return {
    /** A batch of plays committed: flush within `delayMs` (one timer for any number of batches). */
    schedule(): void {
      if (timer) return;
      timer = setTimeout(() => void run(), delayMs);
      timer.unref?.();
    },
    /** Flush now (a graceful stop); errors go to `onError`. */
    flush: run,
  };
}
