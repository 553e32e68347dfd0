/**
 * The command line of the A/B tools (`bench/ab.ts`, `latency.ts`, `pg-ab.ts`, `start-ab.ts`,
 * `flood-memory.ts`): each `label=path[,NAME=value…]` argument is a version to compare (a
 * binary or a checkout, and settings of its environment), each bare number a count (rounds,
 * a rate, seconds: the tool says which).
 */
import { resolve } from 'node:path';

export interface Version {
  label: string;
  /** The binary or checkout, as an absolute path. */
  path: string;
  /** Environment settings for this version's servers (`,NAME=value` after the path). */
  env: Record<string, string>;
}

export function parseVersions(args: string[], usage: string): { versions: Version[]; numbers: number[] } {
  const versions = args
    .filter((a) => a.includes('='))
    .map((a) => {
      const [path, ...settings] = a.slice(a.indexOf('=') + 1).split(',');
      const env = Object.fromEntries(
        settings.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]),
      );
      return { label: a.slice(0, a.indexOf('=')), path: resolve(path!), env };
    });
  if (versions.length === 0) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { versions, numbers: args.filter((a) => /^\d+$/.test(a)).map(Number) };
}
