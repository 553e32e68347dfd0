/**
 * Landing visits by referrer and campaign, and share-button presses, counted per day in memory
 * and added to the database a few seconds' worth at a time (docs/decisions/040): a visit or a
 * share costs no database write of its own, as a quiz issued costs none (docs/decisions/004,
 * src/play/quizzes-issued.ts, the same pattern). A crash loses at most `flushAfterMs` of them; a
 * graceful stop writes them. Memory is bounded: at most PENDING_KEYS distinct keys per day and
 * kind wait here, the rest of a flood is counted under OTHER_SOURCE.
 */
import { OTHER_SOURCE, type ShareTarget } from '../shared/contracts/admin-sources';
import type { SourceCount, SourceKind } from '../storage/contract';
import type { LocalTime } from '../time/day';
import type { LandingSource } from './landing';

/** How long counts wait in memory before they are written. */
const SOURCES_FLUSH_MS = 5_000;
/** Distinct keys of one day and kind held between two writes; the store keeps fewer (SOURCE_KEYS_PER_DAY). */
const PENDING_KEYS = 200;

export interface SourceCounterOptions {
  localTime: (epochMs: number) => LocalTime;
  nowMs: () => number;
  /** Adds counts in a transaction of their own (the source store's `add`). */
  write: (counts: SourceCount[]) => Promise<unknown>;
  flushAfterMs?: number;
  onError?: (error: unknown) => void;
}

export function createSourceCounter(options: SourceCounterOptions) {
  const { localTime, nowMs, write, flushAfterMs = SOURCES_FLUSH_MS } = options;
  /** `day kind` → key → count. */
  let pending = new Map<string, Map<string, number>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const add = (day: string, kind: SourceKind, key: string, n: number) => {
    const slot = `${day} ${kind}`;
    let keys = pending.get(slot);
    if (!keys) {
      keys = new Map();
      pending.set(slot, keys);
    }
    const known = keys.has(key);
    const counted = known || keys.size < PENDING_KEYS ? key : OTHER_SOURCE;
    keys.set(counted, (keys.get(counted) ?? 0) + n);
  };
  const take = (): SourceCount[] => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const taken: SourceCount[] = [];
    for (const [slot, keys] of pending) {
      const [day, kind] = slot.split(' ') as [string, SourceKind];
      for (const [key, count] of keys) taken.push({ day, kind, key, count });
    }
    pending = new Map();
    return taken;
  };
  const schedule = () => {
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => void flush(), flushAfterMs);
    timer.unref?.();
  };
  async function flush(): Promise<void> {
    const counts = take();
    if (counts.length === 0) return;
    try {
      await write(counts);
    } catch (error) {
      // Kept for the next write (still within the bound: put back through `add`).
      for (const c of counts) add(c.day, c.kind, c.key, c.count);
      schedule();
      options.onError?.(error);
    }
  }
  const today = () => localTime(nowMs()).day;

  return {
    /** One landing visit. */
    visit(source: LandingSource): void {
      const day = today();
      add(day, 'referrer', source.referrer, 1);
      if (source.campaign !== undefined) add(day, 'campaign', source.campaign, 1);
      schedule();
    },
    /** One press of a share button. */
    share(target: ShareTarget): void {
      add(today(), 'share', target, 1);
      schedule();
    },
    /** Writes what waits now (the timer, a graceful stop). */
    flush,
  };
}

export type SourceCounter = ReturnType<typeof createSourceCounter>;
