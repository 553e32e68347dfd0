import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { meta } from '../../db/schema';
import type { LongRunOptions } from '../store';
import { createCounterCheck } from './counter-check';

/** Set by migration 0003 on a database that had plays: cumulative_answers is still to be filled. */
export const ANSWER_DAYS_PENDING = 'cumulative_answers_pending';

export function answerDaysPending(db: Db): boolean {
  return db.select().from(meta).where(eq(meta.key, ANSWER_DAYS_PENDING)).get() !== undefined;
}

/**
 * Finishes migration 0003 (docs/decisions/019): every counter, cumulative_answers with
 * them, rebuilt from the raw record in one IMMEDIATE transaction that also deletes the
 * marker. Interrupted, nothing is written and the next start does it again.
 */
export async function fillAnswerDays(db: Db, options: LongRunOptions = {}): Promise<void> {
  const sqlite = db.$client;
  sqlite.run('BEGIN IMMEDIATE');
  try {
    if (answerDaysPending(db)) {
      await createCounterCheck(db).rebuildWithin(options);
      db.delete(meta).where(eq(meta.key, ANSWER_DAYS_PENDING)).run();
    }
    sqlite.run('COMMIT');
  } catch (error) {
    sqlite.run('ROLLBACK');
    throw error;
  }
}
