/**
 * Nonces and duplicates: how a play's nonce is keyed, and the outcome a play already recorded
 * under it gets again. Split from play-store.ts so the idempotence rule reads on its own.
 */
import { eq, sql } from 'drizzle-orm';
import type { RecordOutcome } from '../contract';
import { playModeCode } from '../encoding/codes';
import type { Db } from './client';
import { onFirstUse, prepare } from './prepared';
import { plays } from './schema';

const CANONICAL_NONCE = /^[A-Za-z0-9_-]{16}$/;

/**
 * How a nonce is stored: the 12 random bytes of a canonical one (16 base64url
 * characters, as `newNonce` makes them) as a BLOB, anything else as TEXT.
 * Decoding is one-to-one for 16 characters, and SQLite never equates a BLOB
 * with a TEXT, so two different nonces never share a key.
 */
export function nonceKey(nonce: string): Uint8Array | string {
  return CANONICAL_NONCE.test(nonce) ? Buffer.from(nonce, 'base64url') : nonce;
}

/** The outcome of the play already recorded under a nonce key, if any (a retried submission). */
export function createDuplicateLookup(db: Db): (nonce: Uint8Array | string) => RecordOutcome | undefined {
  const ph = sql.placeholder;
  const findPlay = onFirstUse(() =>
    prepare<{ id: number; score: number; total_questions: number; mode: number; answers: Uint8Array }>(
      db,
      db
        .select({
          id: plays.id,
          score: plays.score,
          totalQuestions: plays.totalQuestions,
          mode: plays.mode,
          answers: plays.answers,
        })
        .from(plays)
        .where(eq(plays.nonce, ph('nonce'))),
    ),
  );
  return (nonce) => {
    const existing = findPlay().get({ nonce });
    if (!existing) return undefined;
    const mode = playModeCode.name(existing.mode);
    return {
      playId: existing.id,
      score: existing.score,
      totalQuestions: existing.total_questions,
      duplicate: true,
      // What a replay is compared with (docs/decisions/034).
      recordedAnswers: existing.answers,
      ...(mode === 'daily' || mode === 'daily_practice' ? { ranked: mode === 'daily' } : {}),
    };
  };
}
