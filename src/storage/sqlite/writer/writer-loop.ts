/**
 * The SQLite writer (docs/decisions/035): the one place a serving process writes plays, quiz
 * counts, live games and the deferred counters, on a connection and a thread of its own, so the
 * thread that answers requests never holds SQLite's write lock or waits for a commit's fsync.
 * It runs inside a Bun Worker (writer.worker.ts); this module is plain code, so the worker's
 * entry stays a few lines.
 *
 * Group commit: every record request that arrived while the writer was busy (a commit, a
 * flush) is written in one transaction — the request thread already batched each turn of its
 * own event loop (src/play/group-commit.ts). Each request is answered after that commit, so an
 * acknowledged play is durable (docs/decisions/006).
 *
 * When the deferred counters are flushed (supersedes docs/decisions/025 "When it runs"): at most
 * FLUSH_WITHIN_MS after the first commit since the last flush, sooner once no play has come for
 * FLUSH_WHEN_IDLE_MS, when asked (the catch-up at start, tests), and before the writer closes.
 * Record requests that wait go first: a flush never starts while plays wait to be committed.
 */
import type { QuizzesIssued, RecordOutcome } from '../../contract';
import { createDb, type Db } from '../client';
import { createDeferredCounters } from '../deferred-counters';
import { sqliteMeta } from '../meta';
import { createSqlitePartyStore } from '../party-store';
import { createSqlitePlayStore } from '../play-store';
import { toWire, type WireError, type WriterEvent, type WriterInit, type WriterRequest } from './messages';

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

type RecordRequest = Extract<WriterRequest, { type: 'record' }>;

function mergeIssued(requests: RecordRequest[]): QuizzesIssued | undefined {
  let merged: Map<string, number> | undefined;
  for (const { issued } of requests) {
    if (!issued) continue;
    merged ??= new Map();
    for (const [day, n] of issued) merged.set(day, (merged.get(day) ?? 0) + n);
  }
  return merged as QuizzesIssued | undefined;
}

/** Opens the writer's connection (the request thread migrated the file already) and its stores. */
export function openWriter(init: WriterInit, post: (event: WriterEvent) => void) {
  const db: Db = createDb(init.path, { synchronous: init.synchronous });
  const deferred = createDeferredCounters(db);
  const plays = createSqlitePlayStore(db, init.playerSalt, () => {}, deferred);
  const party = createSqlitePartyStore(db);
  const meta = sqliteMeta(db);

  let pending: RecordRequest[] = [];
  let scheduled = false;
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
        if (!closed && pending.length > 0) await commitPending();
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

  /** Writes every record request that waits, in one transaction, and answers each. */
  const commitPending = async (): Promise<void> => {
    scheduled = false;
    const requests = pending;
    pending = [];
    if (requests.length === 0) return;
    let outcomes: (RecordOutcome | Error)[];
    try {
      outcomes = await plays.recordPlays(
        requests.flatMap((r) => r.plays),
        mergeIssued(requests),
      );
    } catch (error) {
      const wire = toWire(error);
      for (const { id } of requests) post({ type: 'failed', id, error: wire });
      return;
    }
    let at = 0;
    for (const { id, plays: batch } of requests) {
      const own = outcomes.slice(at, at + batch.length);
      at += batch.length;
      post({
        type: 'recorded',
        id,
        outcomes: own.map((o): RecordOutcome | WireError => (o instanceof Error ? toWire(o) : o)),
      });
    }
    committed();
  };

  const answer = async (id: number, work: () => number | string | Promise<number | string>) => {
    try {
      post({ type: 'done', id, value: await work() });
    } catch (error) {
      post({ type: 'failed', id, error: toWire(error) });
    }
  };

  return {
    async handle(request: WriterRequest): Promise<void> {
      switch (request.type) {
        case 'record':
          pending.push(request);
          if (!scheduled) {
            scheduled = true;
            setImmediate(() => void commitPending());
          }
          return;
        case 'flush':
          await commitPending();
          return answer(request.id, flushNow);
        case 'rebuild':
          await commitPending();
          return answer(request.id, async () => {
            await plays.rebuildCounters();
            return 0;
          });
        case 'party':
          return answer(request.id, () => party.recordGame(request.game));
        case 'meta':
          return answer(request.id, async () => {
            if (request.keep) return meta.readOrCreate(request.key, () => request.value);
            await meta.write(request.key, request.value);
            return request.value;
          });
        case 'close':
          await commitPending();
          return answer(request.id, () => {
            closed = true;
            disarm();
            try {
              flushNow();
            } finally {
              // Every statement finalized and the connection released now, not when they are
              // collected: the request thread's connection, closed next, is then the last one and
              // checkpoints the WAL into the database file (a copy of the file alone is whole).
              db.$client.close(true);
            }
            return 0;
          });
        default:
          // Not a request of this version: a bug, and the writer's thread ends on it (writer.worker.ts).
          throw new Error(`unknown writer request ${JSON.stringify(request)}`);
      }
    },
  };
}
