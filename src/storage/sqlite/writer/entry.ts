/**
 * Where the writer's and the checkpointer's code is. `build.ts` compiles both into the binary as
 * entry points of their own (Bun bundles a Worker's file only when it is listed: docs/decisions/035
 * and 042); inside the binary each sits at its path under `src/`, with a `.js` ending, beside the
 * main entry.
 */
export const WORKER_SOURCES = {
  writer: 'src/storage/sqlite/writer/writer.worker.ts',
  checkpointer: 'src/storage/sqlite/writer/checkpointer.worker.ts',
} as const;

/** In the compiled binary a worker is an entry point of its own (build.ts); from source, the file beside this one. */
export function workerUrl(worker: keyof typeof WORKER_SOURCES): URL {
  const source = WORKER_SOURCES[worker];
  const compiled = import.meta.url.includes('$bunfs') || import.meta.url.includes('~BUN');
  return compiled
    ? new URL(`./${source.replace(/^src\//, '').replace(/\.ts$/, '.js')}`, import.meta.url)
    : new URL(`./${source.split('/').at(-1)}`, import.meta.url);
}
