/**
 * Nonces and duplicates on PostgreSQL: the nonce is unique, so a play whose insert finds it taken
 * (another instance committed the same token first) inserts nothing, and the first result is
 * answered (play-batch-write.ts). Split from play-store.ts so the idempotence rule reads
 * on its own.
 */
import { eq } from 'drizzle-orm';
import type { RecordOutcome } from '../contract';
import { playModeCode } from '../encoding/codes';
import type { PgRunner } from './running-totals';
import { plays } from './schema';

const existing = async (tx: PgRunner, nonce: string) =>
  (
    await tx
      .select({
        id: plays.id,
        score: plays.score,
        totalQuestions: plays.totalQuestions,
        mode: plays.mode,
        answers: plays.answers,
      })
      .from(plays)
      .where(eq(plays.nonce, nonce))
  )[0];

/** The first result of a token recorded before (a daily play says whether it ranked). */
const duplicateOf = (found: NonNullable<Awaited<ReturnType<typeof existing>>>): RecordOutcome => {
  const mode = playModeCode.name(found.mode);
  return {
    playId: found.id,
    score: found.score,
    totalQuestions: found.totalQuestions,
    duplicate: true,
    // What a replay is compared with (docs/decisions/034).
    recordedAnswers: new Uint8Array(found.answers),
    ...(mode === 'daily' || mode === 'daily_practice' ? { ranked: mode === 'daily' } : {}),
  };
};

/** The play recorded under `nonce`, as a duplicate's outcome; undefined when none was (docs/decisions/034). */
export async function findRecorded(tx: PgRunner, nonce: string): Promise<RecordOutcome | undefined> {
  const found = await existing(tx, nonce);
  return found ? duplicateOf(found) : undefined;
}

/**
 * A unique violation (SQLSTATE 23505, Bun's `errno`, through Drizzle's `cause` wrapper): a batch's
 * play whose nonce another transaction was writing at the same moment (play-batch-write.ts).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (String((e as { errno?: unknown }).errno) === '23505') return true;
  return false;
}
