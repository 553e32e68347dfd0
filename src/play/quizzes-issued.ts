/**
 * Quizzes issued per day, counted in memory (a quiz fetch costs no database
 * write, docs/decisions/004) and written with the next committed batch of plays
 * or, when no play comes, `flushAfterMs` after the first uncounted quiz. A crash
 * loses at most that long of this one figure (docs/decisions/014); a graceful
 * stop writes it.
 */

import type { QuizzesIssued } from '../storage/contract';
import type { LocalTime } from '../time/day';

export interface QuizzesIssuedOptions {
  localTime: (epochMs: number) => LocalTime;
  nowMs: () => number;
  /** Writes counts in a transaction of their own (the play store's `recordPlays([], counts)`). */
  write: (counts: QuizzesIssued) => Promise<unknown>;
  flushAfterMs?: number;
  onError?: (error: unknown) => void;
}

/** How long a quiz count may wait in memory for a batch of plays to ride with. */
const QUIZZES_ISSUED_FLUSH_MS = 5_000;

export function createQuizzesIssued(options: QuizzesIssuedOptions) {
  const { localTime, nowMs, write, flushAfterMs = QUIZZES_ISSUED_FLUSH_MS } = options;
  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const take = (): QuizzesIssued | undefined => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return undefined;
    const taken = pending;
    pending = new Map();
    return taken;
  };
  const putBack = (counts: QuizzesIssued | undefined) => {
    for (const [day, n] of counts ?? []) pending.set(day, (pending.get(day) ?? 0) + n);
    schedule();
  };
  const flush = async () => {
    const counts = take();
    if (!counts) return;
    try {
      await write(counts);
    } catch (error) {
      putBack(counts);
      options.onError?.(error);
    }
  };
  function schedule() {
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => void flush(), flushAfterMs);
    timer.unref?.();
  }

  return {
    /** One quiz issued now. */
    count(): void {
      const { day } = localTime(nowMs());
      pending.set(day, (pending.get(day) ?? 0) + 1);
      schedule();
    },
    /** The counts not written yet, handed to a batch of plays about to commit. */
    take,
    /** Counts whose batch failed: they wait for the next one. */
    putBack,
    /** Writes what is pending now (the timer, a graceful stop). */
    flush,
  };
}

export type QuizzesIssuedCounter = ReturnType<typeof createQuizzesIssued>;
