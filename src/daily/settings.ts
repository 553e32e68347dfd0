import { randomBytes } from 'node:crypto';
import type { Db } from '../storage/sqlite/client';
import { type MetaStore, readOrCreateMeta } from '../storage/sqlite/meta';
import type { Day } from '../time/day';

/** What the daily challenge keeps in the database, so every process on it agrees (docs/decisions/021). */
export interface DailySettings {
  /** Keys the choice of each day's lines and options; generated once, never sent. */
  secret: string;
  /** The first day the server ran (STATS_TIMEZONE): challenge number 1. */
  firstDay: Day;
}

const newDailySecret = () => randomBytes(32).toString('base64url');

/**
 * Reads the stored settings from the meta table of either engine, creating them on the first
 * start (`today` becomes the first day); instances started together agree on the first written.
 */
export async function openDailySettings(meta: MetaStore, today: Day): Promise<DailySettings> {
  return {
    secret: await meta.readOrCreate('daily_secret', newDailySecret),
    firstDay: await meta.readOrCreate('daily_first_day', () => today),
  };
}

/** `openDailySettings` over an SQLite file, synchronously (the SQLite runtime opens without awaiting). */
export function openDailySettingsSqlite(db: Db, today: Day): DailySettings {
  return {
    secret: readOrCreateMeta(db, 'daily_secret', newDailySecret),
    firstDay: readOrCreateMeta(db, 'daily_first_day', () => today),
  };
}
