/**
 * The request thread's side of the WAL checkpointer (checkpointer.ts, docs/decisions/042): starts
 * its thread and stops it. Its failures are told, never fatal: without it the writer's commits
 * checkpoint again, as SQLite does by default (slower at the tail, never wrong).
 */
import type { CheckpointerEvent, CheckpointerInit, CheckpointerRequest } from './checkpointer';
import { workerUrl } from './entry';
import { fromWire } from './messages';

export interface CheckpointerOptions {
  /** A checkpoint failed (it is tried again), or the thread is gone (`lost`: the writer must take over). */
  onFailed: (error: Error, lost: boolean) => void;
  /** How often it checkpoints: tests only (checkpointer.ts has the product's period). */
  everyMs?: number;
}

/** Starts the checkpointer on the database at `path`; rejects when it cannot open it. */
export async function startCheckpointer(path: string, options: CheckpointerOptions) {
  const worker = new Worker(workerUrl('checkpointer'), { smol: true } as WorkerOptions);
  let started: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let closing: (() => void) | undefined;
  let ended = false;

  const lose = (error: Error) => {
    if (ended) return;
    ended = true;
    if (started) started.reject(error);
    else options.onFailed(error, true);
  };
  worker.onmessage = ({ data: event }: MessageEvent<CheckpointerEvent>) => {
    switch (event.type) {
      case 'ready':
        started?.resolve();
        started = undefined;
        return;
      case 'unusable':
        lose(fromWire(event.error));
        return;
      case 'checkpoint-failed':
        options.onFailed(fromWire(event.error), false);
        return;
      case 'done':
        closing?.();
        return;
    }
  };
  worker.onerror = (event: ErrorEvent) => {
    closing?.();
    lose(new Error(`the WAL checkpointer failed: ${event.message}`));
  };
  worker.addEventListener('close', () => {
    closing?.();
    lose(new Error('the WAL checkpointer stopped'));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      started = { resolve, reject };
      worker.postMessage({
        path,
        ...(options.everyMs ? { everyMs: options.everyMs } : {}),
      } satisfies CheckpointerInit);
    });
  } catch (error) {
    ended = true;
    worker.terminate();
    throw error;
  }

  return {
    /** The thread: tests end it to see the writer take the checkpoints back. */
    thread: worker,
    /** Stops the timer and closes the connection (before the request thread's, which checkpoints last). */
    async close(): Promise<void> {
      if (ended) return;
      ended = true;
      try {
        await new Promise<void>((resolve) => {
          closing = resolve;
          worker.postMessage({ type: 'close', id: 1 } satisfies CheckpointerRequest);
        });
      } finally {
        worker.terminate();
      }
    },
  };
}
