import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/shared/seeded-random';
import { kviz, placeBinary, type RunningBinary, raw, startBinary } from './support/binary';

// Real processes on a shared 2-core machine: generous, never a measure of speed.
setDefaultTimeout(60_000);

describe('hardened server (docs/decisions/012), the compiled binary', () => {
  let server: RunningBinary;
  beforeAll(async () => {
    server = await startBinary();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('CONNECT host:port → a JSON 400 with the security headers and one short log line, never a stack', async () => {
    const before = server.logs.length;
    const answer = await raw(server.url, 'CONNECT 1.2.3.4:80 HTTP/1.1\r\nHost: 1.2.3.4:80\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toStartWith('HTTP/1.1 400');
    expect(head!.toLowerCase()).toContain('content-security-policy:');
    expect(JSON.parse(body!)).toMatchObject({ error: { code: 'bad_request_target' } });
    await Bun.sleep(100);
    const logged = server.logs.slice(before);
    expect(logged.length).toBeLessThanOrEqual(1);
    for (const line of logged) expect(line.length).toBeLessThan(2048);
    expect(logged.join('\n')).not.toContain('at ');
  });

  test('a second kviz serve on the same database refuses to start with one line; commands still work', async () => {
    const second = await kviz(server.dir, [], {
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: 'test-password-123',
    });
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^kviz: cannot use the database .*kviz\.db: another kviz server is already serving this file/,
    );
    const verify = await kviz(server.dir, ['stats', 'verify']);
    expect(verify.code).toBe(0);
  });
});

describe('start-up failures name the database in one line', () => {
  test('a database with flipped bits is refused at start (quick_check), and stats verify exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-corrupt-'));
    const first = await startBinary({ dir });
    await first.stop();
    const path = join(dir, 'data', 'kviz.db');
    const fd = openSync(path, 'r+');
    const pages = Math.floor(statSync(path).size / 4096);
    const random = seededRandom(12);
    // 200 flipped bits in b-tree page headers (the first 12 bytes of pages after the first).
    for (let i = 0; i < 200; i++) {
      const offset = (1 + Math.floor(random() * (pages - 1))) * 4096 + Math.floor(random() * 12);
      const byte = Buffer.alloc(1);
      readSync(fd, byte, 0, 1, offset);
      byte[0]! ^= 1 << Math.floor(random() * 8);
      writeSync(fd, byte, 0, 1, offset);
    }
    const start = await kviz(dir, [], { HOST: '127.0.0.1', PORT: '0', ADMIN_PASSWORD: 'test-password-123' });
    expect(start.code).toBe(1);
    expect(start.stderr.trim().split('\n').at(-1)).toMatch(/^kviz: cannot use the database .*kviz\.db: /);
    expect(start.stderr.length).toBeLessThan(2048);
    const verify = await kviz(dir, ['stats', 'verify']);
    expect(verify.code).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the generated admin password is printed even with LOG_LEVEL=error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kviz-password-'));
    const exe = join(dir, 'kviz');
    await placeBinary(exe);
    const proc = Bun.spawn([exe], {
      cwd: dir,
      env: { PATH: '/usr/bin:/bin', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error' },
      stderr: 'pipe',
    });
    let output = '';
    const reader = proc.stderr.getReader();
    while (!output.includes('\n')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      output += new TextDecoder().decode(chunk.value);
    }
    proc.kill();
    await proc.exited;
    const line = output.split('\n').find((l) => l.includes('generated an administrator password'));
    expect(JSON.parse(line!).password).toMatch(/^[\w-]{24}$/);
    rmSync(dir, { recursive: true, force: true });
  });
});
