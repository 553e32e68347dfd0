import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { tempDirsRemovedAfterEach } from '../test/support/temp-dirs';

/**
 * `npm run seed:demo-stats` (issue 34): the demo's evening peak falls in the evening of
 * STATS_TIMEZONE, whatever the time of day the script runs at. Hours are worked out here with
 * Intl from each play's instant, not with the product's code.
 */
const tempDir = tempDirsRemovedAfterEach('kviz-seed-');
/** Thirteen hours from UTC: a peak counted from "now − 60 days" or in UTC would miss the evening. */
const ZONE = 'Pacific/Auckland';

describe('seed-demo-stats', () => {
  test('the evening peak is in the local evening, and every play on one of the last 60 local days', () => {
    const path = join(tempDir(), 'demo.db');
    const run = Bun.spawnSync([process.execPath, 'scripts/seed-demo-stats.ts', '1500'], {
      cwd: join(import.meta.dir, '..'),
      env: { ...process.env, DATABASE_PATH: path, STATS_TIMEZONE: ZONE, LOG_LEVEL: 'warn' },
    });
    expect(run.stderr.toString()).toBe('');
    expect(run.exitCode).toBe(0);
    const db = new Database(path, { readonly: true });
    const rows = db
      .query<{ at: number; hour: number; day: string }, []>('SELECT created_at AS at, hour, day FROM plays')
      .all();
    // Where visits came from and the shares (docs/decisions/040), on the same local days.
    const sources = db
      .query<{ kind: string; keys: number; total: number; first: string; last: string }, []>(
        'SELECT kind, count(DISTINCT key) AS keys, sum(count) AS total, min(day) AS first, max(day) AS last FROM source_days GROUP BY kind ORDER BY kind',
      )
      .all();
    const again = db
      .query<{ n: number }, []>(
        'SELECT count(*) AS n FROM plays p WHERE EXISTS (SELECT 1 FROM plays q WHERE q.player_id = p.player_id AND q.day = p.day AND q.id < p.id)',
      )
      .get()!.n;
    db.close();
    expect(sources.map((s) => s.kind)).toEqual(['campaign', 'referrer', 'share']);
    const [campaigns, referrers, shares] = sources as [
      (typeof sources)[0],
      (typeof sources)[0],
      (typeof sources)[0],
    ];
    expect(referrers.keys).toBeGreaterThanOrEqual(10);
    expect(referrers.total).toBeGreaterThan(rows.length); // more visits than plays
    expect(campaigns.keys).toBeGreaterThanOrEqual(3);
    expect(shares.keys).toBe(6);
    expect(shares.total).toBeGreaterThan(rows.length * 0.1);
    expect(shares.total).toBeLessThan(rows.length * 0.25);
    // 'Igraj ponovno': some plays are a player's second (or later) of the day.
    expect(again).toBeGreaterThan(rows.length * 0.05);
    expect(rows.length).toBeGreaterThan(1400);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    const byHour = new Array<number>(24).fill(0);
    for (const row of rows) {
      const [day, hour] = local.format(row.at).split(' ');
      expect({ day: row.day, hour: row.hour }).toEqual({ day: day!, hour: Number(hour) });
      byHour[Number(hour)]! += 1;
    }
    // The three busiest hours in a row: 18–22 h local.
    const windows = byHour.map((_, h) => byHour[h]! + byHour[(h + 1) % 24]! + byHour[(h + 2) % 24]!);
    const busiest = windows.indexOf(Math.max(...windows));
    expect(busiest).toBeGreaterThanOrEqual(18);
    expect(busiest).toBeLessThanOrEqual(20);
    // Night hours are quiet: 2–5 h have fewer plays than any hour of 18–22 h.
    expect(Math.max(...byHour.slice(2, 6))).toBeLessThan(Math.min(...byHour.slice(18, 23)));
    const days = new Set(rows.map((r) => r.day));
    expect(days.size).toBeLessThanOrEqual(60);
    expect([...days].sort().at(-1)).toBe(local.format(Date.now()).slice(0, 10));
    for (const kind of sources) {
      expect(kind.first >= [...days].sort()[0]!).toBe(true);
      expect(kind.last <= [...days].sort().at(-1)!).toBe(true);
    }
  });
});
