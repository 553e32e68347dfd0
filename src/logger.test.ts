import { describe, expect, test } from 'bun:test';
import { createLogger, MAX_LINE_BYTES } from './logger';

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
