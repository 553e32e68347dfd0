import { importCatalogue } from '../catalogue/import';
import { CatalogueFileError, readCatalogueFile } from '../catalogue/load-file';
import { formatProblem } from '../catalogue/validate';
import type { Config } from '../config';
import { openRuntime } from '../runtime';

/** `kviz import FILE`: validates the file, imports it when nothing is fatal, prints a summary. Returns the exit code. */
export function importCommand(config: Config, file: string | undefined, out: (line: string) => void): number {
  if (!file) {
    out('Usage: kviz import FILE');
    return 2;
  }
  let result: ReturnType<typeof readCatalogueFile>;
  try {
    result = readCatalogueFile(file);
  } catch (error) {
    if (error instanceof CatalogueFileError) {
      out(`Import failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
  for (const warning of result.warnings) out(`warning: ${formatProblem(warning)}`);
  if (!result.catalogue) {
    for (const error of result.errors) out(`error: ${formatProblem(error)}`);
    out(`Import failed: ${result.errors.length} error(s); nothing was imported.`);
    return 1;
  }
  const runtime = openRuntime(config, { seed: false });
  try {
    const s = importCatalogue(runtime.db, result.catalogue);
    out(
      `Imported "${s.artist}": ${s.albums} albums, ${s.songs} songs, ${s.lines} lines ` +
        `(${s.ambiguousLines} ambiguous), ${result.warnings.length} warning(s). ` +
        `Added ${s.added.albums} albums, ${s.added.songs} songs, ${s.added.lines} lines; ` +
        `retired ${s.retired.albums} albums, ${s.retired.songs} songs, ${s.retired.lines} lines.`,
    );
    out('Restart the server to serve the new catalogue.');
    return 0;
  } finally {
    runtime.close();
  }
}
