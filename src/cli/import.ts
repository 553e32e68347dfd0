import { CatalogueFileError, readCatalogueFile } from '../catalogue/load-file';
import { formatProblem } from '../catalogue/validate';
import type { Config } from '../config';
import type { Progress } from '../storage/contract';
import { interruptible } from '../storage/contract';
import { openRuntime } from '../storage/open';
import { commandOpenOptions } from './open-options';
import { stderrProgress } from './stats';

export const importUsage = 'Usage: kviz import [--strict] FILE   (--strict: any warning is an error)';

function parseArgs(args: string[]): { file: string; strict: boolean } | undefined {
  const flags = args.filter((a) => a.startsWith('-'));
  const files = args.filter((a) => !a.startsWith('-'));
  if (files.length !== 1 || flags.some((f) => f !== '--strict')) return undefined;
  return { file: files[0]!, strict: flags.length > 0 };
}

/**
 * `kviz import [--strict] FILE`: validates the file, imports it when nothing is
 * fatal, prints a summary. With --strict every warning is fatal too, so an
 * operator can refuse a catalogue that would make unfair questions. Returns the exit code.
 * The writing shows its progress (a bar on a terminal, a line every few seconds in a log:
 * the reporter of `kviz stats`) and stops on Ctrl-C with nothing written (the caller exits
 * 130 on `Interrupted`).
 */
export async function importCommand(
  config: Config,
  args: string[],
  out: (line: string) => void,
  progress: Progress = stderrProgress,
): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    out(importUsage);
    return 2;
  }
  let result: ReturnType<typeof readCatalogueFile>;
  try {
    result = readCatalogueFile(parsed.file, { strict: parsed.strict });
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
    out(
      `Import failed: ${result.errors.length} error(s)${parsed.strict ? ' (warnings count as errors with --strict)' : ''}; nothing was imported.`,
    );
    return 1;
  }
  const runtime = await openRuntime(config, commandOpenOptions);
  try {
    const catalogue = result.catalogue;
    const s = await interruptible(async (signal) => {
      const bar = progress('import', 'lines');
      const summary = await runtime.importCatalogue(catalogue, { onProgress: bar.update, signal });
      bar.finish();
      return summary;
    });
    out(
      `Imported "${s.artist}": ${s.albums} albums, ${s.songs} songs, ${s.lines} lines ` +
        `(${s.ambiguousLines} ambiguous), ${result.warnings.length} warning(s). ` +
        `Added ${s.added.albums} albums, ${s.added.songs} songs, ${s.added.lines} lines; ` +
        `retired ${s.retired.albums} albums, ${s.retired.songs} songs, ${s.retired.lines} lines.`,
    );
    out('Restart the server to serve the new catalogue.');
    return 0;
  } finally {
    await runtime.close();
  }
}
