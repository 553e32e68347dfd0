import { eq, inArray, sql } from 'drizzle-orm';
import type { PlayStore, RecordOutcome } from '../contract';
import { decodeAnswers } from '../encoding/answer-codec';
import { createBatchSums } from '../encoding/recompute';
import type { PgDb } from './client';
import { createPgCounterCheck } from './counter-check';
import { checkIntegrityPg, integrityMethodPg } from './integrity';
import { BATCH_LOCK } from './locks';
import { createAnswerKeys } from './play-answer-keys';
import { createBatchCounters } from './play-batch-counters';
import { DuplicateNonce, findRecorded, firstResultOf } from './play-nonce';
import { createPlayWriter } from './play-record';
import { answerKeys as answerKeyRows, statsVersion } from './schema';

/**
 * The PostgreSQL write side: the same rows and counters as the SQLite store
 * (src/storage/sqlite/play-store.ts), one transaction a batch with a savepoint a
 * play. Idempotent across instances: the nonce is unique, and a play whose
 * insert finds it taken (another instance committed the same token first, or
 * is committing it: the insert waits for that) records nothing and answers
 * the first result.
 *
 * Split by concern: recording a play (play-record.ts), nonces and duplicates (play-nonce.ts),
 * answer keys (play-answer-keys.ts), the daily ranking (play-daily-ranking.ts) and the batch's
 * counters (play-batch-counters.ts); here the batch's transaction and the store's interface.
 */
export function createPgPlayStore(db: PgDb, playerSalt: string, onCommit: () => void = () => {}): PlayStore {
  const answerKeys = createAnswerKeys();
  const batchCounters = createBatchCounters(answerKeys);
  const writePlay = createPlayWriter(playerSalt, answerKeys);
  const counters = createPgCounterCheck(db);

  return {
    findRecorded: (nonce) => findRecorded(db, nonce),
    async recordedSelections(answers) {
      const packed = decodeAnswers(answers);
      const keys = new Map(
        (
          await db
            .select({ id: answerKeyRows.id, lyricId: answerKeyRows.lyricId, songId: answerKeyRows.songId })
            .from(answerKeyRows)
            .where(inArray(answerKeyRows.id, [...new Set(packed.map((a) => a.keyId))]))
        ).map((k) => [k.id, k]),
      );
      return new Map(
        packed.flatMap(({ keyId, wrongSongId }) => {
          const key = keys.get(keyId);
          return key ? [[key.lyricId, wrongSongId ?? key.songId] as [number, number]] : [];
        }),
      );
    },
    async recordPlays(batch, quizzesIssued) {
      const created = new Map<number, number>();
      const outcomes = await db.transaction(async (tx) => {
        // One batch at a time across instances: see locks.ts.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`);
        const sums = createBatchSums(true);
        const results: (RecordOutcome | Error)[] = [];
        for (const play of batch) {
          const own = new Map<number, number>();
          try {
            results.push(await tx.transaction((sp) => writePlay(sp, play, own, created, sums)));
            for (const [k, id] of own) created.set(k, id);
          } catch (error) {
            if (error instanceof DuplicateNonce) {
              results.push(await firstResultOf(tx, play.nonce));
            } else results.push(error instanceof Error ? error : new Error(String(error)));
          }
        }
        const issued = [...(quizzesIssued ?? [])].filter(([, n]) => n > 0);
        if (sums.totals.plays > 0 || issued.length > 0) {
          await batchCounters.addQuizzesIssued(tx, issued);
          await batchCounters.writeCounts(tx, sums, created);
          await tx
            .update(statsVersion)
            .set({ version: sql`${statsVersion.version} + 1` })
            .where(eq(statsVersion.id, 1));
        }
        return results;
      });
      answerKeys.committed(created);
      onCommit();
      return outcomes;
    },
    // Every counter is written in the play's transaction here (docs/decisions/025: not deferred on PostgreSQL yet).
    flushCounters: async () => 0,
    verifyCounters: (options) => counters.verify(options),
    rebuildCounters: async (options) => {
      await counters.rebuild(options);
      onCommit();
    },
    checkIntegrity: () => checkIntegrityPg(db),
    integrityMethod: () => integrityMethodPg(db),
  };
}
