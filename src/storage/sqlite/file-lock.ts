import { dlopen, FFIType } from 'bun:ffi';

/** flock(2) operations. */
const LOCK_EX = 2;
const LOCK_NB = 4;

/** The C library that has flock(2), by platform (Bun has no flock of its own). */
const LIBC: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'libc.so.6',
  darwin: 'libSystem.B.dylib',
  freebsd: 'libc.so.7',
};

let flock: ((fd: number, operation: number) => number) | undefined;

/**
 * Takes an exclusive, non-blocking `flock` on an open file: 'held' when this process now holds
 * it, 'busy' when another open file of the same file (its inode, whatever name opened it)
 * holds it. The lock lasts until the file is closed or the process ends.
 */
export function fileLock(fd: number): 'held' | 'busy' {
  if (!flock) {
    const name = LIBC[process.platform];
    if (!name) throw new Error(`no flock(2) known on ${process.platform}`);
    const lib = dlopen(name, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
    flock = lib.symbols.flock as (fd: number, operation: number) => number;
  }
  return flock(fd, LOCK_EX | LOCK_NB) === 0 ? 'held' : 'busy';
}
