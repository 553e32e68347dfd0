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
      const key = `k${Math.floor(random() * (step < 30_000 ? 20_000 : 300))}`;
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
