/**
 * The SQLite writer (docs/decisions/035): the one place a serving process writes plays, quiz
 * counts, live games, the dashboard's notes, the source counts (docs/decisions/040) and the deferred counters, on a connection and a thread of its own, so the
 * thread that answers requests never holds SQLite's write lock or waits for a commit's fsync.
 * It runs inside a Bun Worker (writer.worker.ts); this module is plain code, so the worker's
 * entry stays a few lines.
 *
 * Group commit: every record request that arrived while the writer was busy (a commit, a
 * flush) is written in one transaction — the request thread already batched each turn of its
 * own event loop (src/play/group-commit.ts). Each request is answered after that commit, so an
 * acknowledged play is durable (docs/decisions/006).
 *
 * The deferred counters' flush: when it runs, in chunks of rows between which the plays that arrived
 * meanwhile are committed (writer-flushes.ts); the writer's close commits what waits and flushes.
 */
import type { QuizzesIssued, RecordOutcome } from '../../contract';
import { createSqliteAnnotationStore } from '../annotation-store';
import { createSqliteDb, type Db } from '../client';
import { createDeferredCounters } from '../deferred-counters';
import { sqliteMeta } from '../meta';
import { createSqlitePartyStore } from '../party-store';
import { createSqlitePlayStore } from '../play-store';
import { createSqliteSourceStore } from '../source-store';
import { WRITER_CHECKPOINT_PAGES } from './checkpointer';
import {
  fromWirePlay,
  toWire,
  type WireError,
  type WriterEvent,
  type WriterInit,
  type WriterRequest,
} from './messages';
import { createWriterFlushes } from './writer-flushes';

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
  const db: Db = createSqliteDb(init.path, { synchronous: init.synchronous });
  // The checkpointer's thread copies the WAL into the file; a commit here does only when it could
  // not keep up (docs/decisions/042).
  if (init.checkpointed) db.$client.exec(`PRAGMA wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const deferred = createDeferredCounters(db);
  const plays = createSqlitePlayStore(db, init.playerSalt, () => {}, deferred);
  const party = createSqlitePartyStore(db);
  const meta = sqliteMeta(db);
  const annotations = createSqliteAnnotationStore(db);
  const sources = createSqliteSourceStore(db);

  let pending: RecordRequest[] = [];
  let scheduled = false;
  /**
   * A rebuild holds its transaction across awaits: plays that arrive meanwhile wait for it to end,
   * never committed inside it (an answer before the rebuild's own commit would not be durable).
   */
  let rebuilding = false;
  const flushes = createWriterFlushes(deferred, post, {
    waiting: () => pending.length > 0,
    commit: () => commitPending(),
  });

  /** Writes every record request that waits, in one transaction, and answers each. */
  const commitPending = async (): Promise<void> => {
    scheduled = false;
    if (rebuilding) return;
    const requests = pending;
    pending = [];
    if (requests.length === 0) return;
    let outcomes: (RecordOutcome | Error)[];
    try {
      outcomes = await plays.recordPlays(
        requests.flatMap((r) => r.plays.map(fromWirePlay)),
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
    flushes.committed();
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
          return answer(request.id, flushes.now);
        case 'rebuild':
          await commitPending();
          rebuilding = true;
          try {
            await answer(request.id, async () => {
              await plays.rebuildCounters();
              return 0;
            });
          } finally {
            rebuilding = false;
          }
          // The plays that arrived meanwhile, after the rebuild's commit and its answer.
          return commitPending();
        case 'party':
          return answer(request.id, () => party.recordGame(request.game));
        case 'meta':
          return answer(request.id, async () => {
            if (request.keep) return meta.readOrCreate(request.key, () => request.value);
            await meta.write(request.key, request.value);
            return request.value;
          });
        case 'annotation-add':
          return answer(request.id, async () =>
            JSON.stringify(await annotations.add(request.day, request.text, request.createdAtMs)),
          );
        case 'annotation-remove':
          return answer(request.id, async () => ((await annotations.remove(request.noteId)) ? 1 : 0));
        case 'sources':
          return answer(request.id, async () => {
            await sources.add(request.counts);
            return request.counts.length;
          });
        case 'auto-checkpoint':
          return answer(request.id, () => {
            db.$client.exec('PRAGMA wal_autocheckpoint = 1000');
            return 0;
          });
        case 'close':
          await commitPending();
          return answer(request.id, () => {
            flushes.close();
            try {
              flushes.now();
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
