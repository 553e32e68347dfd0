/**
 * Long operator work over the raw record (verify, rebuild, imports, the conversion of an old
 * database): it runs in chunks, reports its progress between them, and Ctrl-C (SIGINT) or
 * SIGTERM stop it between two chunks with its transaction rolled back, so the database is left
 * as it was. Engine-neutral: both engines' stores and the commands share it.
 */

/** Options of the operations whose time grows with the raw record (verify, rebuild, the migration). */
export interface LongRunOptions {
  /** Called every few thousand plays with the plays done and the plays in all. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the work between two chunks; nothing is written (the transaction rolls back). */
  signal?: AbortSignal;
}

/** Thrown by long work whose signal was aborted: its transaction was rolled back, nothing was written. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted: nothing was written');
    this.name = 'Interrupted';
  }
}

/** Lets signals and output through, then stops when asked to. */
export async function nextChunk(signal: AbortSignal | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw new Interrupted();
}

/** Runs `work` with a signal that SIGINT and SIGTERM abort, for as long as it runs. */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

/** Progress of one piece of long work: a terminal's bar for the commands, log lines for the server. */
export interface ProgressReporter {
  update(done: number, total: number): void;
  /** The work is over: a terminal's bar gets its line ended. */
  finish(): void;
}

/** Starts reporting one labelled piece of work counted in `unit`. */
export type Progress = (label: string, unit: string) => ProgressReporter;
