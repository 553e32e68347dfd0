/**
 * Ctrl-C (SIGINT) and SIGTERM during long operator work: the work is told
 * through an AbortSignal, stops between two chunks and rolls its transaction
 * back, so the database is left as it was (src/storage/sqlite/counter-check.ts).
 */
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
