/**
 * `npm run bench:pg`: only the engines part of `npm run bench` (bench/lib/engines.ts):
 * submissions per second and read latency of the compiled binary over SQLite,
 * over PostgreSQL with one instance and with two instances over one database,
 * loaded by wrk on this machine (docs/decisions/023). Prints the table; writes no
 * document. `--smoke`: a tiny run that proves the script works. `--quick`: PostgreSQL alone, one
 * round and the open loop, under a minute of load (to compare two builds in the same minutes).
 * `--binary <path>`: measure that binary instead of one built from this tree (another commit's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBinary } from '../test/support/binary';
import { ENGINE_PROFILES, measureEngines } from './lib/engines';
import { renderEngineTable, renderPgTargets } from './lib/report';
import { stopAllServers } from './lib/server';
import { ensureWrk } from './lib/wrk';

const smoke = process.argv.includes('--smoke');
const quick = process.argv.includes('--quick');
const binaryArg = process.argv.indexOf('--binary');
const log = (message: string) => console.log(`[bench:pg] ${message}`);

ensureWrk(log);
const work = mkdtempSync(join(tmpdir(), 'kviz-bench-pg-'));
try {
  const engines = await measureEngines({
    binary: binaryArg > 0 ? process.argv[binaryArg + 1]! : await buildBinary(),
    work,
    profile: smoke ? ENGINE_PROFILES.smoke : quick ? ENGINE_PROFILES.quick : ENGINE_PROFILES.full,
    log,
  });
  console.log(`\n${renderEngineTable(engines)}\n\n${renderPgTargets(engines)}`);
  if (engines.configs.some((c) => !c.countersVerified)) process.exitCode = 1;
} finally {
  stopAllServers();
  rmSync(work, { recursive: true, force: true });
}
