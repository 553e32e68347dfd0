/**
 * When the writer flushes the deferred counters (docs/decisions/035, replacing
 * docs/decisions/025 "When it runs"): at most FLUSH_WITHIN_MS after the first commit since the
 * last flush, sooner once no play has come for FLUSH_WHEN_IDLE_MS, when asked (`now`: the
 * catch-up at start, tests, close). A flush the writer runs by itself comes in slices, and the
 * plays that arrived meanwhile are committed between two (`pending`).
 */
import type { DeferredCounters } from '../deferred-counters';
import { toWire, type WriterEvent } from './messages';

/** The longest a committed play's deferred counts wait for their flush. */
export const FLUSH_WITHIN_MS = 500;
/** A flush comes this soon after the last commit when no further play arrives (a quiet server, tests). */
export const FLUSH_WHEN_IDLE_MS = 50;
/**
 * A flush the writer runs by itself is cut into slices of about this long, one transaction each,
 * and the plays that arrived meanwhile are committed between two slices: a submission waits for
 * at most about one slice, not a whole flush. The slice's size in plays follows the cost of the
 * last one (small slices cost more a play: each rewrites the hot counter rows).
 */
const FLUSH_SLICE_MS = 10;
const SLICE_PLAYS = { first: 1_000, min: 250, max: 20_000 };

export function createWriterFlushes(
  deferred: DeferredCounters,
  post: (event: WriterEvent) => void,
  /** The record requests waiting, and the commit of them. */
  pending: { waiting(): boolean; commit(): Promise<void> },
) {
  let within: ReturnType<typeof setTimeout> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const disarm = () => {
    clearTimeout(within);
    clearTimeout(idle);
    within = idle = undefined;
  };
  /** Every play past the watermark in one transaction: asked for (the catch-up at start, close). */
  const flushNow = (): number => {
    disarm();
    if (!deferred.behind()) return 0;
    post({ type: 'flushing', after: deferred.watermark() });
    const counted = deferred.flush();
    post({ type: 'flushed', plays: counted });
    return counted;
  };
  let slicePlays = SLICE_PLAYS.first;
  const flushSlice = (): void => {
    post({ type: 'flushing', after: deferred.watermark() });
    const started = performance.now();
    const counted = deferred.flushSome(slicePlays);
    const ms = performance.now() - started;
    post({ type: 'flushed', plays: counted });
    if (counted >= SLICE_PLAYS.min && ms > 0)
      slicePlays = Math.round(
        Math.min(SLICE_PLAYS.max, Math.max(SLICE_PLAYS.min, (FLUSH_SLICE_MS * counted) / ms)),
      );
  };
  let sliced = false;
  let closed = false;
  /** The plays recorded so far, in slices, committing the plays that arrive between two of them. */
  const flushInBackground = async () => {
    if (sliced || closed) return;
    disarm();
    sliced = true;
    let failed = false;
    try {
      const through = deferred.latest();
      while (!closed && deferred.watermark() < through) {
        flushSlice();
        await new Promise((resolve) => setImmediate(resolve));
        if (!closed && pending.waiting()) await pending.commit();
      }
      // Plays committed during the slices are flushed in their turn, traffic or not.
      disarm();
      if (!closed && deferred.behind()) committed();
    } catch (error) {
      failed = true;
      post({ type: 'flush-failed', error: toWire(error) });
    } finally {
      sliced = false;
    }
    // A flush that failed (a full disk) is tried again in FLUSH_WITHIN_MS, not at every commit.
    if (failed && !closed) {
      disarm();
      within = setTimeout(() => void flushInBackground(), FLUSH_WITHIN_MS);
    }
  };
  const committed = () => {
    within ??= setTimeout(() => void flushInBackground(), FLUSH_WITHIN_MS);
    clearTimeout(idle);
    idle = setTimeout(() => void flushInBackground(), FLUSH_WHEN_IDLE_MS);
  };

  return {
    /** A batch committed: arms the timers. */
    committed,
    now: flushNow,
    /** The writer closes: no flush starts or goes on by itself any more. */
    close(): void {
      closed = true;
      disarm();
    },
  };
}
