import { basename, join, resolve } from 'node:path';

/**
 * Files embedded in the compiled binary (`--asset`, see build.ts) land in
 * `/$bunfs/root/<basename>`; from the repository they are read in place.
 */
const isCompiled = import.meta.dir.startsWith('/$bunfs');

const repoRoot = resolve(import.meta.dir, '..');

export function assetPath(repoRelativePath: string): string {
  return isCompiled ? join('/$bunfs/root', basename(repoRelativePath)) : join(repoRoot, repoRelativePath);
}

/** Everything `assetPath` is called with: build.ts embeds exactly these (the binary test proves they are found). */
export const embeddedAssets = [
  'src/storage/sqlite/migrations',
  'src/storage/pg/pg-migrations',
  'data/catalogue.json',
  'src/openapi/swagger-init.js',
  'node_modules/swagger-ui-dist/swagger-ui-bundle.js',
  'node_modules/swagger-ui-dist/swagger-ui.css',
  'dist/client',
] as const;
