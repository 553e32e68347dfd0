import { expect, test } from 'bun:test';
import { OTHER_SOURCE } from '../shared/contracts/admin-sources';
import type { SourceCount } from '../storage/contract';
import { keysToFold } from '../storage/encoding/source-fold';
import { createSourceCounter } from './counter';

/** The in-memory side of docs/decisions/040: a flood waits in bounded memory, a failed write is kept. */
const counterWith = (write: (counts: SourceCount[]) => Promise<unknown>) =>
  createSourceCounter({
    localTime: () => ({ day: '2026-11-28', hour: 20 }),
    nowMs: () => 0,
    write,
    flushAfterMs: 60_000,
  });

test('a flood of new referrers between two writes keeps 200 keys, the rest under (ostalo), the total exact', async () => {
  const written: SourceCount[][] = [];
  const counter = counterWith(async (counts) => written.push(counts));
  for (let i = 0; i < 10_000; i++) counter.visit({ referrer: `spam-${i}.example` });
  counter.visit({ referrer: 'spam-1.example', campaign: 'radio|qr|jesen' });
  await counter.flush();
  const referrers = written[0]!.filter((c) => c.kind === 'referrer');
  expect(referrers.length).toBe(201);
  expect(referrers.find((c) => c.key === OTHER_SOURCE)!.count).toBe(9_800);
  expect(referrers.find((c) => c.key === 'spam-1.example')!.count).toBe(2);
  expect(referrers.reduce((s, c) => s + c.count, 0)).toBe(10_001);
  expect(written[0]!.filter((c) => c.kind === 'campaign')).toEqual([
    { day: '2026-11-28', kind: 'campaign', key: 'radio|qr|jesen', count: 1 },
  ]);
});

test('counts whose write failed are written with the next one', async () => {
  let fail = true;
  const written: SourceCount[][] = [];
  const counter = counterWith(async (counts) => {
    if (fail) throw new Error('disk full');
    written.push(counts);
  });
  counter.share('whatsapp');
  await counter.flush();
  fail = false;
  counter.share('whatsapp');
  await counter.flush();
  expect(written).toEqual([[{ day: '2026-11-28', kind: 'share', key: 'whatsapp', count: 2 }]]);
});

test('the day keeps the keys with the most visits; ties by key; (ostalo) is never folded', () => {
  const rows = [
    { key: 'a', count: 1 },
    { key: 'b', count: 5 },
    { key: OTHER_SOURCE, count: 100 },
    { key: 'c', count: 1 },
    { key: 'd', count: 3 },
  ];
  expect(keysToFold(rows, 2)).toEqual({ keys: ['a', 'c'], count: 2 });
  expect(keysToFold(rows, 4)).toEqual({ keys: [], count: 0 });
});
