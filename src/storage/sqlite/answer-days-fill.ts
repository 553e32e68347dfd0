import { eq, inArray } from 'drizzle-orm';
import type { LongRunOptions } from '../long-work';
import type { Db } from './client';
import { createSqliteCounterCheck } from './counter-check';
import { meta } from './schema';

/** Set by migration 0003 on a database that had plays: cumulative_answers is still to be filled. */
const ANSWER_DAYS_PENDING = 'cumulative_answers_pending';
/** Set by migration 0005 on a database that had plays: cumulative_confusions is still to be filled. */
const CONFUSION_DAYS_PENDING = 'cumulative_confusions_pending';
/** Every marker of a counter table a migration added empty to a database with plays. */
const FILL_MARKERS = [ANSWER_DAYS_PENDING, CONFUSION_DAYS_PENDING];

const isPending = (db: Db, key: string) =>
  db.select().from(meta).where(eq(meta.key, key)).get() !== undefined;

export const answerDaysPending = (db: Db): boolean => isPending(db, ANSWER_DAYS_PENDING);
export const confusionDaysPending = (db: Db): boolean => isPending(db, CONFUSION_DAYS_PENDING);
/** Whether a migration left a counter table to be filled from the raw record (0003, 0005). */
export const counterFillPending = (db: Db): boolean => FILL_MARKERS.some((key) => isPending(db, key));

/**
 * Finishes migrations 0003 and 0005 (docs/decisions/019, 024): every counter,
 * cumulative_answers and cumulative_confusions with them, rebuilt from the raw record in one
 * IMMEDIATE transaction that also deletes the markers. Interrupted, nothing is written and the
 * next start does it again.
 */
export async function fillAnswerDays(db: Db, options: LongRunOptions = {}): Promise<void> {
  const sqlite = db.$client;
  sqlite.run('BEGIN IMMEDIATE');
  try {
    if (counterFillPending(db)) {
      await createSqliteCounterCheck(db).rebuildWithin(options);
      db.delete(meta).where(inArray(meta.key, FILL_MARKERS)).run();
    }
    sqlite.run('COMMIT');
  } catch (error) {
    sqlite.run('ROLLBACK');
    throw error;
  }
}
