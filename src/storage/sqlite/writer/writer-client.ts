/**
 * The request thread's side of the SQLite writer (docs/decisions/035): starts the writer's
 * Worker, hands it requests and resolves each with its answer. Only src/storage/sqlite knows
 * the writer exists; features see the stores of contract.ts (writer-stores.ts).
 */
import type { Day } from '../../../time/day';
import type {
  Annotation,
  PartyGameRecord,
  PlayToRecord,
  QuizzesIssued,
  RecordOutcome,
  SourceCount,
} from '../../contract';
import { startCheckpointer } from './checkpointer-client';
import { workerUrl } from './entry';
import {
  fromWire,
  isWireError,
  toWirePlay,
  type WriterEvent,
  type WriterInit,
  type WriterRequest,
} from './messages';

export interface WriterOptions {
  /**
   * The writer is gone (an exception escaped its thread, or it could not start): nothing more
   * will be written. The server logs it and exits non-zero (src/cli/serve.ts).
   */
  onLost: (error: Error) => void;
  /** A flush the writer ran on its own failed (a full disk); the next one tries again. */
  onFlushFailed?: (error: Error) => void;
  /**
   * A checkpoint of the WAL failed (the next one tries again), or the checkpointer could not start
   * or is gone: the writer's commits then checkpoint, as SQLite does by default (docs/decisions/042).
   */
  onCheckpointFailed?: (error: Error) => void;
  /** How often the checkpointer runs: tests only. */
  checkpointEveryMs?: number;
  /** Every event, for tests that watch a flush (writer.test.ts). */
  onEvent?: (event: WriterEvent) => void;
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Starts the WAL's checkpointer, then the writer on `init.path` (told whether the checkpointer
 * runs); resolves once the writer's connection is open.
 */
export async function startSqliteWriter(init: WriterInit, options: WriterOptions) {
  // A checkpointer lost before the writer is up is remembered, and handed over once it is.
  let checkpointerLost = false;
  let writerTakesCheckpoints = () => {
    checkpointerLost = true;
  };
  // Both threads start at once (one after the other added their starts to the server's first
  // answer); the writer is told the checkpointer runs, and takes the checkpoints back if it did not start.
  const [checkpointer, writer] = await Promise.allSettled([
    startCheckpointer(init.path, {
      everyMs: options.checkpointEveryMs,
      onFailed: (error, lost) => {
        options.onCheckpointFailed?.(error);
        if (lost) writerTakesCheckpoints();
      },
    }),
    startWriterThread({ ...init, checkpointed: true }, options),
  ]);
  if (writer.status === 'rejected') {
    if (checkpointer.status === 'fulfilled') await checkpointer.value.close();
    throw writer.reason;
  }
  writerTakesCheckpoints = () => void writer.value.takeCheckpoints().catch(() => {});
  if (checkpointer.status === 'rejected') options.onCheckpointFailed?.(checkpointer.reason);
  if (checkpointer.status === 'rejected' || checkpointerLost) {
    try {
      await writer.value.takeCheckpoints();
    } catch (error) {
      await writer.value.close().catch(() => {});
      throw error;
    }
  }
  const running = checkpointer.status === 'fulfilled' ? checkpointer.value : undefined;
  return {
    ...writer.value,
    /** The checkpointer's thread (none when it could not start): tests end it. */
    checkpointer: running?.thread,
    /** The checkpointer first, then the writer: the request thread's connection, closed last, checkpoints what remains. */
    async close(): Promise<void> {
      try {
        await running?.close();
      } finally {
        await writer.value.close();
      }
    },
  };
}

/** The writer's thread; resolves once its connection is open. */
async function startWriterThread(init: WriterInit, options: WriterOptions) {
  const worker = new Worker(workerUrl('writer'), { smol: true } as WorkerOptions);
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let changes = 0;
  let closing = false;
  let lost: Error | undefined;
  let started: Waiting | undefined;

  const lose = (error: Error) => {
    if (lost || closing) return;
    lost = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    if (started) started.reject(error);
    else options.onLost(error);
  };

  const settle = (id: number, settleWith: (w: Waiting) => void) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (w) settleWith(w);
  };

  worker.onmessage = ({ data: event }: MessageEvent<WriterEvent>) => {
    options.onEvent?.(event);
    switch (event.type) {
      case 'ready':
        started?.resolve(undefined);
        started = undefined;
        return;
      case 'unusable':
        lose(fromWire(event.error));
        return;
      case 'recorded':
        // Before anyone is answered: the statistics version moves with the commit (docs/decisions/010).
        changes++;
        settle(event.id, (w) => w.resolve(event.outcomes.map((o) => (isWireError(o) ? fromWire(o) : o))));
        return;
      case 'done':
        changes++;
        settle(event.id, (w) => w.resolve(event.value));
        return;
      case 'failed':
        settle(event.id, (w) => w.reject(fromWire(event.error)));
        return;
      case 'flushed':
        changes++;
        return;
      case 'flush-failed':
        options.onFlushFailed?.(fromWire(event.error));
        return;
      case 'flushing':
        return;
    }
  };
  worker.onerror = (event: ErrorEvent) => {
    lose(new Error(`the SQLite writer failed: ${event.message}`));
  };
  worker.addEventListener('close', () => lose(new Error('the SQLite writer stopped')));

  const ask = <T>(request: Request): Promise<T> => {
    if (lost) return Promise.reject(lost);
    if (closing) return Promise.reject(new Error('the SQLite writer is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as WriterRequest);
    });
  };

  try {
    await new Promise((resolve, reject) => {
      started = { resolve, reject };
      worker.postMessage(init);
    });
  } catch (error) {
    closing = true;
    worker.terminate();
    throw error;
  }

  return {
    recordPlays: (plays: PlayToRecord[], issued?: QuizzesIssued) =>
      ask<(RecordOutcome | Error)[]>({
        type: 'record',
        plays: plays.map(toWirePlay),
        ...(issued ? { issued } : {}),
      }),
    flushCounters: () => ask<number>({ type: 'flush' }),
    rebuildCounters: async () => void (await ask<number>({ type: 'rebuild' })),
    recordGame: (game: PartyGameRecord) => ask<number>({ type: 'party', game }),
    /** The dashboard's notes on dates: added and removed by the writer. */
    addAnnotation: async (day: Day, text: string, createdAtMs: number): Promise<Annotation> =>
      JSON.parse(await ask<string>({ type: 'annotation-add', day, text, createdAtMs })) as Annotation,
    removeAnnotation: async (noteId: number) =>
      (await ask<number>({ type: 'annotation-remove', noteId })) === 1,
    /** Where visits come from and the shares: added by the writer. */
    addSources: async (counts: readonly SourceCount[]) =>
      void (await ask<number>({ type: 'sources', counts: [...counts] })),
    /** The checkpointer is gone: the writer's commits checkpoint again. */
    takeCheckpoints: () => ask<number>({ type: 'auto-checkpoint' }),
    /** Writes a `meta` value (`keep`: only when the key has none); resolves with the stored value. */
    writeMeta: (key: string, value: string, keep = false) => ask<string>({ type: 'meta', key, value, keep }),
    /** The writer's Worker: tests end it, or send it what it cannot take, to see a lost writer noticed. */
    thread: worker,
    /** Commits and flushes this writer made: part of the statistics version (stats-version.ts). */
    changes: () => changes,
    /** Writes what waits, flushes the deferred counters, closes the writer's connection and ends its thread. */
    async close(): Promise<void> {
      if (closing) return;
      try {
        if (!lost) await ask<number>({ type: 'close' });
      } finally {
        closing = true;
        worker.terminate();
      }
    },
  };
}

export type Writer = Awaited<ReturnType<typeof startSqliteWriter>>;
