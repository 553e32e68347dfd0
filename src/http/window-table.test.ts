import { heapStats } from 'bun:jsc';
import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../shared/seeded-random';
import { createRateLimiter } from './rate-limit';
import { createWindowTable } from './window-table';

describe('the rate limiter’s window table', () => {
  test('agrees with a Map and a queue through growth, forgetting, dropping and shrinking', () => {
    const table = createWindowTable();
    // The model: key → newest sequence number, and the queue of (key, seq) in start order.
    const model = new Map<string, number>();
    const queue: { key: string; seq: number }[] = [];
    const random = seededRandom(37);
    let clock = 0;
    for (let step = 0; step < 60_000; step++) {
      const r = random();
      const n = Math.floor(random() * (step < 30_000 ? 20_000 : 300));
      // Plain keys, IPv4 addresses (kept as numbers) and their look-alikes (kept as text, distinct).
      const key = [`k${n}`, `10.0.${n >> 8}.${n & 255}`, `10.0.${n >> 8}.0${n & 255}`, `${n}`][n % 4]!;
      if (r < 0.55) {
        const seq = table.start(key, ++clock);
        model.set(key, seq);
        queue.push({ key, seq });
      } else if (r < 0.65) {
        table.forget(key);
        model.delete(key);
      } else if (r < 0.95 && queue.length > 0) {
        const { key: dropped, seq } = queue.shift()!;
        expect(table.headEnd()).toBe(table.end(seq));
        table.dropHead();
        if (model.get(dropped) === seq) model.delete(dropped);
      } else table.shrink();
      expect(table.find(key)).toBe(model.get(key) ?? -1);
      expect(table.size()).toBe(model.size);
    }
    for (const [key, seq] of model) expect(table.find(key)).toBe(seq);
    table.clear();
    expect(table.size()).toBe(0);
    expect(table.queued()).toBe(false);
  });

  test('an IPv4 key in its usual form is kept as a number: never confused with any other key', () => {
    const table = createWindowTable();
    const keys = [
      '10.0.0.1',
      '010.0.0.1',
      '10.0.0.01',
      '167772161',
      '0.0.0.0',
      '255.255.255.255',
      '256.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '1..2.3',
      '1.2.3.',
      '::1',
      'local',
      '',
      // The daily ranking's keys (a day and an address): a day × 2³² + address when canonical.
      '2026-11-28 10.0.0.1',
      '2026-11-29 10.0.0.1',
      '2026-11-28 10.0.0.2',
      '2026-11-28 010.0.0.1',
      '2026-02-30 10.0.0.1',
      '2026-03-02 10.0.0.1',
      '2024-02-29 10.0.0.1',
      '2024-03-01 10.0.0.1',
      '1970-01-01 10.0.0.1',
      '1970-01-02 0.0.0.0',
      '2026-11-28  10.0.0.1',
      '2026-1-28 10.0.0.1',
      '2026-11-28 ::1',
      '2026-11-28x10.0.0.1',
    ];
    for (const [i, key] of keys.entries()) table.start(key, i + 1);
    for (const [i, key] of keys.entries()) expect(table.end(table.find(key))).toBe(i + 1);
    expect(table.size()).toBe(keys.length);
    table.forget('010.0.0.1');
    expect(table.find('10.0.0.1')).toBeGreaterThanOrEqual(0);
    expect(table.find('010.0.0.1')).toBe(-1);
  });

  test('the windows of 100,000 addresses keep no string per address', () => {
    let now = 0;
    const limiter = createRateLimiter(5, 60_000, () => now);
    Bun.gc(true);
    const before = heapStats().objectTypeCounts.string ?? 0;
    // A fresh string per request, as the server reads each client's address from its request.
    for (let i = 0; i < 100_000; i++) limiter.consume(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    Bun.gc(true);
    expect(limiter.size()).toBe(100_000);
    expect((heapStats().objectTypeCounts.string ?? 0) - before).toBeLessThan(1_000);
    now += 61_000;
    limiter.expire();
  });

  test('the daily ranking’s keys (a day and an address) keep no string either', () => {
    let now = 0;
    const limiter = createRateLimiter(10, 86_400_000, () => now);
    Bun.gc(true);
    const before = heapStats().objectTypeCounts.string ?? 0;
    for (let i = 0; i < 100_000; i++)
      limiter.consume(`2026-11-${i < 50_000 ? 28 : 29} 10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    Bun.gc(true);
    expect(limiter.size()).toBe(100_000);
    expect((heapStats().objectTypeCounts.string ?? 0) - before).toBeLessThan(1_000);
    // One count per key: the same address on another day is another window.
    expect(limiter.consume('2026-11-28 10.0.0.7').remaining).toBe(8);
    expect(limiter.consume('2026-11-29 10.0.0.7').remaining).toBe(9);
    now += 86_400_001;
    limiter.expire();
  });

  test('100,000 windows of 100,000 addresses take a fraction of what a Map took, and shrink back', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    let now = 0;
    const limiter = createRateLimiter(5, 60_000, () => now);
    Bun.gc(true);
    const before = heapStats().heapSize;
    for (const key of keys) limiter.consume(key);
    Bun.gc(true);
    const full = heapStats().heapSize - before;
    // A Map entry with a window in three arrays was ~120 bytes; the keys are the caller's strings.
    expect(full / keys.length).toBeLessThan(60);
    now += 61_000;
    limiter.expire();
    Bun.gc(true);
    expect(limiter.size()).toBe(0);
    expect(heapStats().heapSize - before).toBeLessThan(64 * 1024);
  });
});
