import { describe, expect, test } from 'bun:test';
import { createIdleTidy } from './idle-tidy';

const MiB = 1024 * 1024;

describe('tidying up after a burst', () => {
  test('once after five quiet one-second ticks that followed requests; never while they arrive', () => {
    let requests = 0;
    let tidied = 0;
    let resident = 80 * MiB;
    const idle = createIdleTidy({
      activity: () => requests,
      tidy: () => void tidied++,
      resident: () => resident,
    });
    idle.tick();
    expect(tidied).toBe(0); // idle from the start: nothing to tidy
    requests += 5;
    resident = 120 * MiB;
    idle.tick();
    requests += 3;
    idle.tick();
    expect(tidied).toBe(0); // busy
    for (let second = 1; second < 5; second++) idle.tick();
    expect(tidied).toBe(0); // four quiet seconds are a pause, not an end
    idle.tick();
    expect(tidied).toBe(1); // the burst is over
    idle.tick();
    idle.tick();
    expect(tidied).toBe(1); // once
  });

  test('not after a burst that left the resident memory within 12 MiB of the quiet low', () => {
    let requests = 0;
    let tidied = 0;
    let resident = 90 * MiB;
    const idle = createIdleTidy({
      activity: () => requests,
      tidy: () => void tidied++,
      resident: () => resident,
    });
    resident = 85 * MiB;
    idle.tick(); // the quiet low: 85 MiB
    requests++;
    resident = 96 * MiB;
    for (let second = 0; second < 6; second++) idle.tick();
    expect(tidied).toBe(0); // 11 MiB above the low: not worth a collection
    requests++;
    resident = 98 * MiB;
    for (let second = 0; second < 6; second++) idle.tick();
    expect(tidied).toBe(1); // 13 MiB above it
  });
});
