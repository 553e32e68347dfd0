import { describe, expect, test } from 'bun:test';
import { membershipDifferences, membershipRows } from './counter-rows';

describe('membership tables (hour/day/daily players)', () => {
  test('a stored row not recomputed and a recomputed player not stored are each one difference', () => {
    const recomputed = new Map<number | string, Set<number>>([
      ['2026-11-01', new Set([1, 2])],
      ['2026-11-02', new Set([3])],
    ]);
    const stored: [string, number][] = [
      ['2026-11-01', 1],
      ['2026-11-01', 9],
      ['2026-11-02', 3],
    ];
    expect(membershipDifferences('day_players', stored, recomputed)).toEqual([
      { table: 'day_players', key: '2026-11-01:9', column: 'row', stored: 1, recomputed: 0 },
      { table: 'day_players', key: '2026-11-01:2', column: 'row', stored: 0, recomputed: 1 },
    ]);
  });

  test('rows written from the recomputed sets compare equal to them', () => {
    const players = new Map<number | string, Set<number>>([
      [0, new Set([4, 5])],
      [23, new Set([5])],
    ]);
    const rows = membershipRows(players, 'hour');
    expect(rows).toEqual([
      { hour: 0, playerId: 4 },
      { hour: 0, playerId: 5 },
      { hour: 23, playerId: 5 },
    ]);
    const stored = rows.map((row) => [row.hour as number, row.playerId] as const);
    expect(membershipDifferences('hour_players', stored, players)).toEqual([]);
  });
});
