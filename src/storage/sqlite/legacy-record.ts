import { and, between, count, gt, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createDeviceClassifier } from '../../play/device';
import { DEFAULT_DIFFICULTY } from '../../shared/difficulty';
import { dayOf } from '../../time/day';
import { encodeAnswers } from '../encoding/answer-codec';
import { browserCode, deviceCode, playModeCode } from '../encoding/codes';
import type { LongRunOptions } from '../long-work';
import { nextChunk } from '../long-work';
import type { Db } from './client';
import { createSqliteCounterCheck } from './counter-check';
import { nonceKey } from './play-nonce';
import { prepare } from './prepared';
import { answerKeys, plays } from './schema';

/**
 * The raw record as migrations 0000–0001 left it: one row per play and one per
 * answer (docs/decisions/014 gives its size). Migration 0002 renames the two tables; they are
 * not in the drizzle schema, so they are declared here, where they are read.
 */
const legacyPlays = sqliteTable('legacy_plays', {
  id: integer('id').primaryKey(),
  nonce: text('nonce').notNull(),
  playerId: integer('player_id').notNull(),
  score: integer('score').notNull(),
  totalQuestions: integer('total_questions').notNull(),
  createdAt: integer('created_at').notNull(),
  hour: integer('hour').notNull(),
  deviceInfo: text('device_info').notNull(),
});
const legacyPlayAnswers = sqliteTable('legacy_play_answers', {
  playId: integer('play_id').notNull(),
  position: integer('position').notNull(),
  lyricId: integer('lyric_id').notNull(),
  songId: integer('song_id').notNull(),
  albumId: integer('album_id').notNull(),
  selectedSongId: integer('selected_song_id').notNull(),
});

const CHUNK = 2_000;

export interface ConversionOptions {
  /** STATS_TIMEZONE: old plays kept their hour of day, not their day, which is worked out here. */
  timeZone: string;
  /** Progress of each phase: converting the old plays, then rebuilding every counter from them. */
  progress?: (phase: 'convert' | 'rebuild') => LongRunOptions['onProgress'];
  signal?: AbortSignal;
}

/** Old plays waiting to be converted, or undefined when there is no old raw record. */
export function legacyPlaysPending(db: Db): number | undefined {
  const exists = db.$client
    .query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'legacy_plays'")
    .get();
  if (!exists) return undefined;
  return db.select({ n: count() }).from(legacyPlays).get()?.n ?? 0;
}

/**
 * The statements of the conversion and the answer keys it finds or makes, prepared inside its
 * transaction (the keys already stored are read in it). Split from convertLegacyRecord so the
 * conversion's loop reads on one screen.
 */
function conversionStatements(db: Db) {
  const sqlite = db.$client;
  const ph = sql.placeholder;
  // Read positionally: drizzle's mapping of 60,000 answer rows a chunk would cost more than the conversion.
  const playChunk = sqlite.prepare<
    [number, string, number, number, number, number, number, string],
    [number, number]
  >(
    db
      .select({
        id: legacyPlays.id,
        nonce: legacyPlays.nonce,
        playerId: legacyPlays.playerId,
        score: legacyPlays.score,
        totalQuestions: legacyPlays.totalQuestions,
        createdAt: legacyPlays.createdAt,
        hour: legacyPlays.hour,
        deviceInfo: legacyPlays.deviceInfo,
      })
      .from(legacyPlays)
      .where(gt(legacyPlays.id, ph('after')))
      .orderBy(legacyPlays.id)
      .limit(ph('limit'))
      .toSQL().sql,
  );
  const answersOf = sqlite.prepare<[number, number, number, number, number], [number, number]>(
    db
      .select({
        playId: legacyPlayAnswers.playId,
        lyricId: legacyPlayAnswers.lyricId,
        songId: legacyPlayAnswers.songId,
        albumId: legacyPlayAnswers.albumId,
        selectedSongId: legacyPlayAnswers.selectedSongId,
      })
      .from(legacyPlayAnswers)
      .where(and(between(legacyPlayAnswers.playId, ph('first'), ph('last'))))
      .orderBy(legacyPlayAnswers.playId, legacyPlayAnswers.position)
      .toSQL().sql,
  );
  const insertKey = prepare<{ id: number }>(
    db,
    db
      .insert(answerKeys)
      .values({ lyricId: ph('lyricId'), songId: ph('songId'), albumId: ph('albumId') })
      .returning({ id: answerKeys.id }),
  );
  const insertPlay = prepare(
    db,
    db.insert(plays).values({
      id: ph('id'),
      nonce: ph('nonce'),
      playerId: ph('playerId'),
      createdAt: ph('createdAt'),
      day: ph('day'),
      hour: ph('hour'),
      mode: ph('mode'),
      deviceClass: ph('deviceClass'),
      browser: ph('browser'),
      score: ph('score'),
      totalQuestions: ph('totalQuestions'),
      answers: ph('answers'),
    }),
  );
  const keyIds = new Map(
    db
      .select()
      .from(answerKeys)
      .all()
      .map((k) => [`${k.lyricId}:${k.songId}:${k.albumId}`, k.id]),
  );
  const keyOf = (a: { lyricId: number; songId: number; albumId: number }) => {
    const k = `${a.lyricId}:${a.songId}:${a.albumId}`;
    let id = keyIds.get(k);
    if (id === undefined) {
      id = insertKey.get(a)!.id;
      keyIds.set(k, id);
    }
    return id;
  };
  return { playChunk, answersOf, insertPlay, keyOf };
}

/** The day of a UTC quarter-hour is one day (src/time/day.ts): one Intl call per quarter-hour seen. */
function quarterHourDays(timeZone: string) {
  const days = new Map<number, string>();
  return (ms: number) => {
    const slot = Math.floor(ms / 900_000);
    let day = days.get(slot);
    if (day === undefined) {
      day = dayOf(ms, timeZone);
      days.set(slot, day);
    }
    return day;
  };
}

/**
 * Converts the raw record of an old database into the compact one, in place
 * (docs/decisions/014): every old play becomes one `plays` row with the same id
 * and its answers packed; the device is classified from the stored user agent
 * and the day worked out in `timeZone`; then every counter, old and new, is
 * rebuilt from the converted record and the old tables are dropped. All of it
 * is one transaction: interrupted (the signal, Ctrl-C, a crash) or failed, the
 * database is left exactly as before and the next start converts again.
 * Returns the number of plays converted, or undefined when there was nothing to do.
 */
export async function convertLegacyRecord(db: Db, options: ConversionOptions): Promise<number | undefined> {
  const pending = legacyPlaysPending(db);
  if (pending === undefined) return undefined;
  const sqlite = db.$client;
  sqlite.run('BEGIN IMMEDIATE');
  try {
    const { playChunk, answersOf, insertPlay, keyOf } = conversionStatements(db);
    const classify = createDeviceClassifier();
    const onProgress = options.progress?.('convert');
    let done = 0;
    let after = 0;
    onProgress?.(0, pending);
    const dayAt = quarterHourDays(options.timeZone);
    for (;;) {
      const chunk = playChunk.values(after, CHUNK) as [
        number,
        string,
        number,
        number,
        number,
        number,
        number,
        string,
      ][];
      if (chunk.length === 0) break;
      const answers = answersOf.values(chunk[0]![0], chunk.at(-1)![0]) as [
        number,
        number,
        number,
        number,
        number,
      ][];
      let a = 0;
      for (const [id, nonce, playerId, score, totalQuestions, createdAt, hour, deviceInfo] of chunk) {
        const packed: { keyId: number; wrongSongId: number | undefined }[] = [];
        for (; a < answers.length && answers[a]![0] === id; a++) {
          const [, lyricId, songId, albumId, selectedSongId] = answers[a]!;
          packed.push({
            keyId: keyOf({ lyricId, songId, albumId }),
            wrongSongId: selectedSongId === songId ? undefined : selectedSongId,
          });
        }
        const device = classify(deviceInfo);
        insertPlay.run({
          id,
          nonce: nonceKey(nonce),
          playerId,
          createdAt,
          day: dayAt(createdAt),
          hour,
          mode: playModeCode.code(DEFAULT_DIFFICULTY),
          deviceClass: deviceCode.code(device.deviceClass),
          browser: browserCode.code(device.browser),
          score,
          totalQuestions,
          answers: encodeAnswers(packed),
        });
      }
      after = chunk.at(-1)![0];
      done += chunk.length;
      onProgress?.(done, pending);
      await nextChunk(options.signal);
    }
    db.run(sql`DROP TABLE ${legacyPlayAnswers}`);
    db.run(sql`DROP TABLE ${legacyPlays}`);
    // No old play, nothing to count (a new database goes through 0002 too).
    if (pending > 0)
      await createSqliteCounterCheck(db).rebuildWithin({
        onProgress: options.progress?.('rebuild'),
        signal: options.signal,
      });
    sqlite.run('COMMIT');
    return pending;
  } catch (error) {
    sqlite.run('ROLLBACK');
    throw error;
  }
}
