import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBufferedWriter, createLogger, MAX_LINE_BYTES } from './logger';

describe('logger', () => {
  test('no line is longer than 2 KB, whatever a field holds; short lines are untouched', () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    log.warn('admin authentication failed', { address: '1'.repeat(100_000), path: '/api/admin/x' });
    log.error('unhandled error', { error: { nested: 'ž'.repeat(50_000) } });
    log.info('request', { method: 'GET', path: '/', status: 200 });
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'admin authentication failed', truncated: true });
    expect(JSON.parse(lines[2]!)).toMatchObject({ msg: 'request', path: '/', status: 200 });
    expect(JSON.parse(lines[2]!).truncated).toBeUndefined();
  });

  test('always() writes at any LOG_LEVEL (the generated admin password)', () => {
    const lines: string[] = [];
    createLogger('error', (line) => lines.push(line)).always('generated an administrator password');
    expect(lines).toHaveLength(1);
  });
});

describe('buffered log output', () => {
  test('request lines wait in memory and are handed over together after the interval', async () => {
    const written: string[] = [];
    const { write } = createBufferedWriter((text) => written.push(text), { intervalMs: 20 });
    write('a', true);
    write('b', true);
    expect(written).toEqual([]);
    await Bun.sleep(60);
    expect(written).toEqual(['a\nb\n']);
    write('c', true);
    await Bun.sleep(60);
    expect(written).toEqual(['a\nb\n', 'c\n']);
  });

  test('any other line is written at once, after the request lines before it', () => {
    const written: string[] = [];
    const { write } = createBufferedWriter((text) => written.push(text), { intervalMs: 60_000 });
    write('request 1', true);
    write('listening');
    expect(written).toEqual(['request 1\nlistening\n']);
  });

  test('the logger lets only the request log wait', () => {
    const calls: [string, boolean | undefined][] = [];
    const log = createLogger('info', (line, batch) => calls.push([JSON.parse(line).msg, batch]));
    log.info('request', { path: '/' });
    log.info('listening');
    log.error('request failed outside the app');
    expect(calls).toEqual([
      ['request', true],
      ['listening', false],
      ['request failed outside the app', false],
    ]);
  });

  test('past the size limit the lines are written at once; flush() writes what is pending', () => {
    const written: string[] = [];
    const { write, flush } = createBufferedWriter((text) => written.push(text), {
      intervalMs: 60_000,
      maxChars: 10,
    });
    write('12345', true);
    expect(written).toEqual([]);
    write('67890', true);
    expect(written).toEqual(['12345\n67890\n']);
    write('x', true);
    flush();
    flush();
    expect(written).toEqual(['12345\n67890\n', 'x\n']);
  });

  test('a process that exits right after logging (a graceful stop ends so) loses no waiting line', () => {
    const script = `
      import { createLogger } from ${JSON.stringify(`${import.meta.dir}/logger.ts`)};
      const log = createLogger('info');
      // Request lines only: they wait for the timer, which an exit never lets fire.
      for (let i = 0; i <= 2000; i++) log.info('request', { n: i });
      process.exit(0);
    `;
    // Standard error as a pipe, and as a file (how `kviz serve > log 2>&1` runs).
    const dir = mkdtempSync(join(tmpdir(), 'kviz-logger-'));
    try {
      const file = join(dir, 'stderr.log');
      const piped = Bun.spawnSync([process.execPath, '-e', script], { stderr: 'pipe', stdout: 'pipe' });
      const filed = Bun.spawnSync([process.execPath, '-e', script], {
        stderr: Bun.file(file),
        stdout: 'pipe',
      });
      expect([piped.exitCode, filed.exitCode]).toEqual([0, 0]);
      for (const text of [piped.stderr.toString(), readFileSync(file, 'utf8')]) {
        const lines = text.trimEnd().split('\n');
        expect(lines).toHaveLength(2001);
        expect(JSON.parse(lines[1999]!)).toMatchObject({ msg: 'request', n: 1999 });
        expect(JSON.parse(lines[2000]!)).toMatchObject({ msg: 'request', n: 2000 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
