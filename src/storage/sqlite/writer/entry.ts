/**
 * Where the writer's code is. `build.ts` compiles it into the binary as a second entry point
 * (Bun bundles a Worker's file only when it is listed: docs/decisions/035); inside the binary
 * it sits at its path under `src/`, with a `.js` ending, beside the main entry.
 */
export const WRITER_SOURCE = 'src/storage/sqlite/writer/writer.worker.ts';
const WRITER_IN_BINARY = WRITER_SOURCE.replace(/^src\//, '').replace(/\.ts$/, '.js');

/** In the compiled binary the worker is a second entry point (build.ts); from source, the file beside this one. */
export function workerUrl(): URL {
  const compiled = import.meta.url.includes('$bunfs') || import.meta.url.includes('~BUN');
  return compiled
    ? new URL(`./${WRITER_IN_BINARY}`, import.meta.url)
    : new URL('./writer.worker.ts', import.meta.url);
}
