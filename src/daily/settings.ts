import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { readOrCreateMeta } from '../db/meta';
import type { Day } from '../stats/day';

/** What the daily challenge keeps in the database, so every process on it agrees (docs/decisions/021). */
export interface DailySettings {
  /** Keys the choice of each day's lines and options; generated once, never sent. */
  secret: string;
  /** The first day the server ran (STATS_TIMEZONE): challenge number 1. */
  firstDay: Day;
}

/** Reads the stored settings, creating them on the first start (`today` becomes the first day). */
export function openDailySettings(db: Db, today: Day): DailySettings {
  return {
    secret: readOrCreateMeta(db, 'daily_secret', () => randomBytes(32).toString('base64url')),
    firstDay: readOrCreateMeta(db, 'daily_first_day', () => today),
  };
}
