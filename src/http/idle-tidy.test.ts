import { describe, expect, test } from 'bun:test';
import { createIdleTidy } from './idle-tidy';

describe('tidying up after a burst', () => {
  test('once after a tick without requests that followed requests; never while they arrive', () => {
    let requests = 0;
    let tidied = 0;
    const idle = createIdleTidy({ activity: () => requests, tidy: () => void tidied++ });
    idle.tick();
    expect(tidied).toBe(0); // idle from the start: nothing to tidy
    requests += 5;
    idle.tick();
    requests += 3;
    idle.tick();
    expect(tidied).toBe(0); // busy
    idle.tick();
    expect(tidied).toBe(1); // the burst is over
    idle.tick();
    idle.tick();
    expect(tidied).toBe(1); // once
  });
});
