/**
 * The command line of the A/B tools (`bench/ab.ts`, `latency.ts`, `pg-ab.ts`, `start-ab.ts`,
 * `flood-memory.ts`): each `label=path` argument is a version to compare (a binary or a checkout),
 * each bare number a count (rounds, a rate, seconds: the tool says which). A tool that starts its
 * servers with settings of their own (`settings: true`, flood-memory) also takes
 * `label=path,NAME=value,…`; the others take the path whole.
 */
import { resolve } from 'node:path';

export interface Version {
  label: string;
  /** The binary or checkout, as an absolute path. */
  path: string;
  /** Environment settings for this version's servers (`,NAME=value` after the path). */
  env: Record<string, string>;
}

export function parseVersions(
  args: string[],
  usage: string,
  { settings = false }: { settings?: boolean } = {},
): { versions: Version[]; numbers: number[] } {
  const fail = (why: string) => {
    console.error(`${why}\nusage: ${usage}`);
    process.exit(2);
  };
  const versions = args
    .filter((a) => a.includes('='))
    .map((a) => {
      const label = a.slice(0, a.indexOf('='));
      const value = a.slice(a.indexOf('=') + 1);
      const [path, ...pairs] = settings ? value.split(',') : [value];
      const env: Record<string, string> = {};
      for (const pair of pairs) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(pair)) fail(`not a NAME=value setting: '${pair}' (in ${a})`);
        env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
      }
      return { label, path: resolve(path!), env };
    });
  if (versions.length === 0) fail('no version to run');
  return { versions, numbers: args.filter((a) => /^\d+$/.test(a)).map(Number) };
}
