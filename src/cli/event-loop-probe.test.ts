import { describe, expect, test } from 'bun:test';
import type { Logger } from '../logger';
import { startEventLoopProbe } from './event-loop-probe';

describe('event-loop probe', () => {
  test('a loop held busy for 120 ms shows as a delay of at least 100 ms in the next window', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = {
      debug: (_: string, fields: Record<string, unknown>) => lines.push(fields),
    } as unknown as Logger;
    const probe = startEventLoopProbe(log, 200);
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const end = performance.now() + 120;
      while (performance.now() < end) {
        // hold the event loop, as a synchronous database write would
      }
      while (!lines.some((line) => (line.maxMs as number) >= 100))
        await new Promise((r) => setTimeout(r, 20));
      const window = lines.find((line) => (line.maxMs as number) >= 100)!;
      expect(window.samples as number).toBeGreaterThan(0);
      expect(window.p50Ms as number).toBeLessThan(window.maxMs as number);
    } finally {
      probe.stop();
    }
  });
});
