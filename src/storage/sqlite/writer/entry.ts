/**
 * Where the writer's code is. `build.ts` compiles it into the binary as a second entry point
 * (Bun bundles a Worker's file only when it is listed: docs/decisions/035); inside the binary
 * it sits at its path under `src/`, with a `.js` ending, beside the main entry.
 */
export const WRITER_SOURCE = 'src/storage/sqlite/writer/writer.worker.ts';
export const WRITER_IN_BINARY = WRITER_SOURCE.replace(/^src\//, '').replace(/\.ts$/, '.js');
