import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LEGACY_SECRETS } from '../../../test/fixtures/legacy/fill-through-the-api';
import { createTestAppOver } from '../../../test/support/fixtures';
import { submit } from '../../../test/support/play';
import { tempDirsRemovedAfterEach } from '../../../test/support/temp-dirs';
import { loadConfig } from '../../config';
import { classifyUserAgent } from '../../play/device';
import { getRangeSummary, getTopConfusions } from '../../ranges/range-reads';
import { dayOf } from '../../time/day';
import { Interrupted } from '../contract';
import { decodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode } from '../encoding/codes';
import { convertLegacyRecord, legacyPlaysPending } from './legacy-record';
import { convertOldRecord, openSqliteRuntime } from './runtime';

/** 120 plays recorded through the API by the code of commit fff2dd8 (test/fixtures/legacy/fill-through-the-api.ts). */
const fixture = resolve(import.meta.dir, '../../../test/fixtures/legacy/legacy-0001.db');
const resubmissions = JSON.parse(readFileSync(fixture.replace(/\.db$/, '.json'), 'utf8')) as {
  body: unknown;
  playId: number;
  atMs: number;
}[];
const ZAGREB = 'Europe/Zagreb';
const silent = () => ({ update: () => {}, finish: () => {} });

/** Each test closes its runtimes before its copies are removed. */
const tempDir = tempDirsRemovedAfterEach('kviz-legacy-');

function copyOfFixture(): string {
  const path = join(tempDir(), 'kviz.db');
  copyFileSync(fixture, path);
  return path;
}

type Row = Record<string, number | string>;

/** Everything the old version stored about plays, read with plain SQL before any migration. */
function readOldDatabase(path: string) {
  const sqlite = new Database(path, { readonly: true });
  const all = (query: string) => sqlite.query(query).all() as Row[];
  const state = {
    plays: all(
      'SELECT id, nonce, player_id, score, total_questions, created_at, hour, device_info FROM plays ORDER BY id',
    ),
    answers: all(
      'SELECT play_id, position, lyric_id, song_id, album_id, selected_song_id FROM play_answers ORDER BY play_id, position',
    ),
    counters: {
      lyric: all('SELECT * FROM lyric_stats ORDER BY lyric_id'),
      song: all('SELECT * FROM song_stats ORDER BY song_id'),
      album: all('SELECT * FROM album_stats ORDER BY album_id'),
      hour: all('SELECT * FROM hour_stats ORDER BY hour'),
      hourPlayers: all('SELECT * FROM hour_players ORDER BY hour, player_id'),
      totals: all('SELECT * FROM totals'),
      scores: all("SELECT 'normal' AS difficulty, score, plays FROM score_stats ORDER BY score"),
    },
  };
  sqlite.close();
  return state;
}

function readCounters(sqlite: Database) {
  const all = (query: string) => sqlite.query(query).all() as Row[];
  return {
    lyric: all('SELECT * FROM lyric_stats ORDER BY lyric_id'),
    song: all('SELECT * FROM song_stats ORDER BY song_id'),
    album: all('SELECT * FROM album_stats ORDER BY album_id'),
    hour: all('SELECT * FROM hour_stats ORDER BY hour'),
    hourPlayers: all('SELECT * FROM hour_players ORDER BY hour, player_id'),
    totals: all('SELECT * FROM totals'),
    scores: all('SELECT mode AS difficulty, score, plays FROM score_stats ORDER BY score'),
  };
}

describe('migration of a database filled by the previous version', () => {
  test('every play is kept with its answers, every old counter is unchanged, the new ones are filled, and verify agrees', async () => {
    const path = copyOfFixture();
    const old = readOldDatabase(path);
    expect([old.plays.length, old.answers.length]).toEqual([120, 3600]);

    const config = loadConfig({
      DATABASE_PATH: path,
      ADMIN_PASSWORD: 'test-password-123',
      STATS_TIMEZONE: ZAGREB,
    });
    const runtime = await openSqliteRuntime(config, { seed: false });
    expect(legacyPlaysPending(runtime.db)).toBe(120);
    expect(await convertOldRecord(runtime, config, silent, () => {})).toBe(120);
    expect(legacyPlaysPending(runtime.db)).toBeUndefined();
    const sqlite = runtime.db.$client;

    // The plays: same ids, players, scores, times, hours; the answers in order.
    const plays = sqlite
      .query(
        'SELECT id, player_id, score, total_questions, created_at, day, hour, device_class, browser, answers FROM plays ORDER BY id',
      )
      .all() as Row[] & { answers: Uint8Array }[];
    const keys = new Map(
      (sqlite.query('SELECT id, lyric_id, song_id, album_id FROM answer_keys').all() as Row[]).map((k) => [
        k.id,
        k,
      ]),
    );
    expect(plays.map((p) => [p.id, p.player_id, p.score, p.total_questions, p.created_at, p.hour])).toEqual(
      old.plays.map((p) => [p.id, p.player_id, p.score, p.total_questions, p.created_at, p.hour]),
    );
    const decoded = plays.flatMap((p) =>
      decodeAnswers((p as unknown as { answers: Uint8Array }).answers).map((a, position) => {
        const key = keys.get(a.keyId)!;
        return {
          play_id: p.id,
          position,
          lyric_id: key.lyric_id,
          song_id: key.song_id,
          album_id: key.album_id,
          selected_song_id: a.wrongSongId ?? key.song_id,
        };
      }),
    );
    expect(decoded).toEqual(old.answers as never);
    // Days in STATS_TIMEZONE, devices from the stored user agents.
    expect(plays.map((p) => p.day)).toEqual(old.plays.map((p) => dayOf(p.created_at as number, ZAGREB)));
    expect(
      plays.map((p) => [deviceCode.name(p.device_class as number), browserCode.name(p.browser as number)]),
    ).toEqual(
      old.plays.map((p) => {
        const device = classifyUserAgent(p.device_info as string);
        return [device.deviceClass, device.browser];
      }),
    );
    expect(sqlite.query("SELECT name FROM sqlite_master WHERE name LIKE 'legacy%'").all()).toEqual([]);

    // The counters the old version kept are exactly as it left them.
    expect(readCounters(sqlite)).toEqual(old.counters);
    expect(await runtime.stores.plays.verifyCounters()).toEqual([]);

    // The new counters are filled from the converted plays.
    const days = [...new Set(plays.map((p) => p.day as string))].sort();
    const summary = await getRangeSummary(runtime.stores.stats, { from: days[0]!, to: days.at(-1)! });
    expect([summary.plays, summary.answers, summary.newPlayers]).toEqual([
      120,
      3600,
      new Set(old.plays.map((p) => p.player_id)).size,
    ]);
    expect(summary.byDevice).toEqual({ phone: 40, tablet: 0, desktop: 40, other: 40 });
    expect((await getTopConfusions(runtime.stores.stats, 1))[0]!.times).toBeGreaterThan(0);

    // A submission recorded by the old version is still recorded once: sent again, it answers with its play.
    const app = await createTestAppOver(runtime.db, { secrets: LEGACY_SECRETS });
    expect(resubmissions).toHaveLength(12);
    for (const { body, playId, atMs } of resubmissions) {
      app.clock.ms = atMs;
      const res = await submit(app, body);
      expect([res.status, ((await res.json()) as { playId: number }).playId]).toEqual([200, playId]);
    }
    expect(sqlite.query('SELECT count(*) AS n FROM plays').get()).toEqual({ n: 120 });
    runtime.close();
  });

  test('interrupted, the conversion writes nothing; the next start converts', async () => {
    const path = copyOfFixture();
    const config = loadConfig({ DATABASE_PATH: path, ADMIN_PASSWORD: 'test-password-123' });
    const runtime = await openSqliteRuntime(config, { seed: false });
    const controller = new AbortController();
    const conversion = convertLegacyRecord(runtime.db, {
      timeZone: ZAGREB,
      signal: controller.signal,
      progress: () => () => controller.abort(),
    });
    expect(
      await conversion.then(
        () => 'finished',
        (e) => e,
      ),
    ).toBeInstanceOf(Interrupted);
    expect(legacyPlaysPending(runtime.db)).toBe(120);
    expect(runtime.db.$client.query('SELECT count(*) AS n FROM plays').get()).toEqual({ n: 0 });
    runtime.close();

    const again = await openSqliteRuntime(config, { seed: false });
    expect(await convertOldRecord(again, config, silent, () => {})).toBe(120);
    expect(await again.stores.plays.verifyCounters()).toEqual([]);
    again.close();
  });
});
