/**
 * When the writer flushes the deferred counters (docs/decisions/035, replacing
 * docs/decisions/025 "When it runs"): at most FLUSH_WITHIN_MS after the first commit since the
 * last flush, sooner once no play has come for FLUSH_WHEN_IDLE_MS, when asked (`now`: the
 * catch-up at start, tests, close). A flush the writer runs by itself is written in chunks of
 * rows, and the plays that arrived meanwhile are committed between two (`pending`,
 * docs/decisions/041).
 */
import type { DeferredCounters } from '../deferred-counters';
import { toWire, type WriterEvent } from './messages';

/** The longest a committed play's deferred counts wait for their flush. */
export const FLUSH_WITHIN_MS = 500;
/** A flush comes this soon after the last commit when no further play arrives (a quiet server, tests). */
export const FLUSH_WHEN_IDLE_MS = 50;
/**
 * A flush the writer runs by itself is written in chunks of about this long, one transaction
 * each, and the plays that arrived meanwhile are committed between two chunks: a submission
 * waits for at most about one chunk, not a whole flush (docs/decisions/041). A chunk writes rows
 * until this time has passed (a row's cost differs between tables several times over, so a
 * number of rows alone overran it 2–5×); the flush's sums are made once, so a flush costs about
 * the same in one transaction or in many.
 */
const FLUSH_CHUNK_MS = 3;
const CHUNK_ROWS_MAX = 50_000;

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
  /** One chunk; returns whether the flush ended with it. */
  const flushChunk = (): boolean => {
    const { plays, rows, finished } = deferred.flushChunk(CHUNK_ROWS_MAX, FLUSH_CHUNK_MS);
    // Every chunk that wrote changes what reads see: the request thread's statistics version moves with it.
    if (rows > 0 || plays > 0) post({ type: 'flushed', plays });
    return finished;
  };
  let flushing = false;
  let closed = false;
  /** The plays recorded so far, in chunks, committing the plays that arrive between two of them. */
  const flushInBackground = async () => {
    if (flushing || closed) return;
    disarm();
    flushing = true;
    let failed = false;
    try {
      if (deferred.behind()) {
        post({ type: 'flushing', after: deferred.watermark() });
        for (let finished = false; !closed && !finished; ) {
          finished = flushChunk();
          await new Promise((resolve) => setImmediate(resolve));
          if (!closed && pending.waiting()) await pending.commit();
        }
      }
      // Plays committed during the chunks are flushed in their turn, traffic or not.
      disarm();
      if (!closed && deferred.behind()) committed();
    } catch (error) {
      failed = true;
      post({ type: 'flush-failed', error: toWire(error) });
    } finally {
      flushing = false;
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
