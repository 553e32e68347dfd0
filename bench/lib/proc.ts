/**
 * What the benchmarks read of processes from Linux's /proc: CPU time used, and the processes of
 * a throwaway PostgreSQL cluster, resident memory. One place for what the A/B tools had each written for themselves.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); none once the process is gone. */
function statFields(pid: number | string): string[] {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return [];
  }
}

/** utime + stime of a process (or of this one: 'self'), in seconds; 0 once it is gone. */
export function cpuSeconds(pid: number | 'self'): number {
  const fields = statFields(pid);
  return fields.length === 0 ? 0 : (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export interface ResidentMiB {
  rss: number;
  anon: number;
  file: number;
  /** The peak RSS so far (VmHWM). */
  peak: number;
}

/** VmRSS, RssAnon, RssFile (+ RssShmem) and VmHWM of a process from /proc/<pid>/status, in MiB. */
export function residentMiB(pid: number): ResidentMiB {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return {
    rss: kib('VmRSS'),
    anon: kib('RssAnon'),
    file: kib('RssFile') + kib('RssShmem'),
    peak: kib('VmHWM'),
  };
}

/** A throwaway cluster's processes: its postmaster (found by its port) and the postmaster's children. */
export function clusterPids(port: number): number[] {
  const procs = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const master = procs.find((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return argv[0]?.endsWith('postgres') && argv[argv.indexOf('-p') + 1] === String(port);
    } catch {
      return false;
    }
  });
  if (!master) return [];
  return [master, ...procs.filter((pid) => statFields(pid)[1] === master)].map(Number);
}
