import { describe, expect, test } from 'bun:test';
import { createIdleTidy } from './idle-tidy';

const MiB = 1024 * 1024;

/** A tidy over a fake clock of requests and resident memory, and what it did. */
function watched(startMiB: number) {
  const state = { requests: 0, resident: startMiB * MiB, ends: 0, collections: 0 };
  const idle = createIdleTidy({
    activity: () => state.requests,
    tidy: ({ collecting }) => {
      state.ends++;
      if (collecting) state.collections++;
    },
    resident: () => state.resident,
  });
  const quietSeconds = (n: number) => {
    for (let i = 0; i < n; i++) idle.tick();
  };
  /** `requests` during one tick, leaving the memory at `mib`. */
  const burst = (mib: number, requests = 1) => {
    state.requests += requests;
    state.resident = mib * MiB;
    idle.tick();
  };
  return { state, quietSeconds, burst };
}

describe('tidying up after a burst', () => {
  test('once, after ten quiet one-second ticks that followed requests; never while they arrive', () => {
    const { state, quietSeconds, burst } = watched(80);
    quietSeconds(1);
    expect(state.ends).toBe(0); // idle from the start: nothing to tidy
    burst(120);
    burst(121);
    expect(state.ends).toBe(0); // busy
    quietSeconds(9);
    expect(state.ends).toBe(0); // nine quiet seconds are a pause, not an end
    quietSeconds(1);
    expect(state).toMatchObject({ ends: 1, collections: 1 }); // the burst is over
    quietSeconds(3);
    expect(state.ends).toBe(1); // once
  });

  test('a request during the wait starts the count again', () => {
    const { state, quietSeconds, burst } = watched(80);
    quietSeconds(1);
    burst(120);
    quietSeconds(9);
    burst(120);
    quietSeconds(9);
    expect(state.ends).toBe(0);
    quietSeconds(1);
    expect(state.ends).toBe(1);
  });

  test('memory is given back only when the burst left 12 MiB or more above the quiet low before it', () => {
    const { state, quietSeconds, burst } = watched(90);
    state.resident = 85 * MiB;
    quietSeconds(1); // the quiet low: 85 MiB
    burst(96);
    quietSeconds(10);
    // 11 MiB above the low: the burst's end is told (limiter windows go), nothing collected.
    expect(state).toMatchObject({ ends: 1, collections: 0 });
    burst(98);
    quietSeconds(10);
    expect(state).toMatchObject({ ends: 2, collections: 1 }); // 13 MiB above it
  });

  test('the low is taken again after a collection: a server settles above its first look', () => {
    // Started at 60 MiB, settled at 85 after its first burst: lone requests later grow nothing.
    const { state, quietSeconds, burst } = watched(60);
    quietSeconds(1); // the first look: 60 MiB
    burst(110);
    quietSeconds(10);
    expect(state.collections).toBe(1);
    state.resident = 85 * MiB;
    quietSeconds(2); // the low after the collection
    for (let i = 0; i < 5; i++) {
      burst(86);
      quietSeconds(11);
    }
    expect(state).toMatchObject({ ends: 6, collections: 1 });
  });

  test('the low is first taken a second after the start, busy or not', () => {
    // Requests from the start (a bench's first fetch): the low is that first look's 85 MiB.
    const { state, quietSeconds, burst } = watched(85);
    burst(86);
    quietSeconds(10);
    expect(state).toMatchObject({ ends: 1, collections: 0 });
    burst(99);
    quietSeconds(10);
    expect(state).toMatchObject({ ends: 2, collections: 1 });
  });

  test('after a collection a busy look is not the low: a flood right after a collection is collected too', () => {
    const { state, quietSeconds, burst } = watched(85);
    quietSeconds(1); // the first look: 85 MiB
    burst(100);
    quietSeconds(10);
    expect(state.collections).toBe(1);
    // The next burst comes before any quiet look, at 140 MiB, and ends at 137.
    for (let second = 0; second < 14; second++) burst(140);
    state.resident = 137 * MiB;
    quietSeconds(10);
    expect(state).toMatchObject({ ends: 2, collections: 2 });
  });

  test('a burst of 1,000 requests or more is collected whatever the low (a flood that began before the first look)', () => {
    const { state, quietSeconds, burst } = watched(85);
    // The flood starts at once: the first look, busy, takes 139 MiB for the low.
    for (let second = 0; second < 15; second++) burst(139, 100);
    state.resident = 137 * MiB;
    quietSeconds(10);
    expect(state).toMatchObject({ ends: 1, collections: 1 });
  });
});
