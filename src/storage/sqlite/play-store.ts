import { inArray, sql } from 'drizzle-orm';
import type { PlayStore, PlayToRecord, QuizzesIssued, RecordOutcome } from '../contract';
import { decodeAnswers } from '../encoding/answer-codec';
import { createBatchSums } from '../encoding/recompute';
import type { LongRunOptions } from '../long-work';
import type { Db } from './client';
import { createSqliteCounterCheck } from './counter-check';
import { createDeferredCounters, type DeferredCounters } from './deferred-counters';
import { createAnswerKeys, type PlayKeys } from './play-answer-keys';
import { createBatchCounters } from './play-batch-counters';
import { createDailyRanking } from './play-daily-ranking';
import { createDuplicateLookup, nonceKey } from './play-nonce';
import { createPlayWriter } from './play-record';
import { onFirstUse, prepareAll } from './prepared';
import { answerKeys as answerKeyRows } from './schema';

/**
 * The SQLite write side. A play's raw record (one `plays` row with its packed
 * answers), its memberships and the counters its response and the day totals read
 * (score histogram, hours, totals, running day totals, the daily challenge's) are
 * written in one transaction, so a play is complete or absent, never half-counted; a
 * batch in which a play fails is written again with a savepoint per play, so that play
 * alone is refused. The per-line, per-song and per-album counters, confusions and
 * per-key day totals are written by `flushCounters`, from the raw record past a
 * watermark (deferred-counters.ts, docs/decisions/025). Six statements a play and
 * about ten a batch, each prepared once (docs/decisions/006, 014).
 * `onCommit` runs after every committed batch (the local statistics version).
 *
 * Split by concern: recording a play (play-record.ts), nonces and duplicates (play-nonce.ts),
 * answer keys (play-answer-keys.ts), the daily ranking (play-daily-ranking.ts) and the batch's
 * counters (play-batch-counters.ts); here the batch's transaction and the store's interface.
 */
export function createSqlitePlayStore(
  db: Db,
  playerSalt: string,
  onCommit: () => void = () => {},
  deferred: DeferredCounters = createDeferredCounters(db),
): PlayStore {
  const answerKeys = createAnswerKeys(db);
  const batchCounters = createBatchCounters(db);
  const writePlay = createPlayWriter(db, playerSalt, answerKeys, createDailyRanking(db));
  const sqlite = db.$client;
  /**
   * A batch in one transaction. `isolated`: each play in its own savepoint (a nested
   * transaction), so a play that fails is rolled back alone and reported alone. Not isolated:
   * no savepoint (two statements a play fewer), and a play that fails aborts the transaction;
   * `recordPlays` then runs the batch again isolated. Plays that fail are rare (a bug, a
   * database error), so the batch nearly always commits on the first run.
   */
  const writeInSavepoint = sqlite.transaction(writePlay);
  const writeBatch = sqlite.transaction(
    (batch: PlayToRecord[], issued: QuizzesIssued | undefined, isolated: boolean) => {
      batchCounters.addQuizzesIssued(issued);
      const created = new Map<number, number>();
      const sums = createBatchSums();
      const outcomes = batch.map((play): RecordOutcome | Error => {
        const keys: PlayKeys = { batch: created, own: new Map() };
        if (!isolated) {
          const outcome = writePlay(play, keys, sums);
          for (const [k, id] of keys.own) created.set(k, id);
          return outcome;
        }
        try {
          const outcome = writeInSavepoint(play, keys, sums);
          for (const [k, id] of keys.own) created.set(k, id);
          return outcome;
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
      batchCounters.writeCounts(sums);
      return { outcomes, created };
    },
  );
  const { counters, ...reads } = createPlayReads(db, deferred);
  return {
    ...reads,
    async recordPlays(batch, quizzesIssued) {
      let written: ReturnType<typeof writeBatch.immediate>;
      try {
        written = writeBatch.immediate(batch, quizzesIssued, false);
      } catch {
        // Rolled back whole: again, each play alone, so only the failing one is refused.
        written = writeBatch.immediate(batch, quizzesIssued, true);
      }
      const { outcomes, created } = written;
      answerKeys.committed(created);
      onCommit();
      return outcomes;
    },
    // No commit count: every read of the deferred counters flushes first (stats-store.ts), so no
    // cached answer was computed without the plays a flush writes (docs/decisions/025).
    async flushCounters() {
      return deferred.flush();
    },
    async rebuildCounters(options) {
      await counters().rebuild(options);
      onCommit();
    },
  };
}

/**
 * What the play store reads: duplicates and a recorded play's selections (a replay,
 * docs/decisions/034), the counters' verify and the integrity check. Shared by the store that
 * writes on its own connection and by the request thread's store when a writer of its own
 * writes (writer/writer-stores.ts, docs/decisions/035).
 */
export function createPlayReads(db: Db, deferred: DeferredCounters) {
  const counters = onFirstUse(() => createSqliteCounterCheck(db, deferred));
  const findDuplicate = createDuplicateLookup(db);
  // A replay's answer keys, in one statement prepared once: the ids go in as one JSON array, so
  // the statement does not depend on how many there are. Built with drizzle per replay, it was a
  // fresh native statement each time, held until a full collection (issue 37).
  const selectKeys = onFirstUse(() =>
    prepareAll<{ id: number; lyric_id: number; song_id: number }>(
      db,
      db
        .select({ id: answerKeyRows.id, lyricId: answerKeyRows.lyricId, songId: answerKeyRows.songId })
        .from(answerKeyRows)
        .where(inArray(answerKeyRows.id, sql`(select value from json_each(${sql.placeholder('ids')}))`)),
    ),
  );
  return {
    counters,
    async findRecorded(nonce: string) {
      return findDuplicate(nonceKey(nonce));
    },
    findsRecordedLocally: true,
    async recordedSelections(answers: Uint8Array) {
      const packed = decodeAnswers(answers);
      const keys = new Map<number, { lyric_id: number; song_id: number }>();
      for (const key of selectKeys().all({ ids: JSON.stringify([...new Set(packed.map((a) => a.keyId))]) }))
        keys.set(key.id, key);
      const selections = new Map<number, number>();
      for (const { keyId, wrongSongId } of packed) {
        const key = keys.get(keyId);
        if (key) selections.set(key.lyric_id, wrongSongId ?? key.song_id);
      }
      return selections;
    },
    verifyCounters: (options?: LongRunOptions) => counters().verify(options),
    async checkIntegrity() {
      const rows = db.$client.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all();
      return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    },
    integrityMethod: async () => 'PRAGMA integrity_check (every page, row and index of the file)',
  };
}
