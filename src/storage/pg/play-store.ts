import { inArray } from 'drizzle-orm';
import type { PlayStore, PlayToRecord, RecordOutcome } from '../contract';
import { decodeAnswers } from '../encoding/answer-codec';
import { createAggregator } from './aggregator';
import type { PgDb } from './client';
import { createPgCounterCheck } from './counter-check';
import { checkIntegrityPg, integrityMethodPg } from './integrity';
import { createAnswerKeys } from './play-answer-keys';
import { createBatchWriter } from './play-batch-write';
import { findRecorded, isUniqueViolation } from './play-nonce';
import { answerKeys as answerKeyRows } from './schema';

/**
 * The PostgreSQL write side (docs/decisions/030, 043): a batch of plays (group commit) is one
 * statement, committed on its own, writing the raw record, the memberships and a pending row a
 * play (play-batch-write.ts); the counters are folded in later by one aggregator at a time
 * (aggregator.ts). Batches of all instances run side by side (they take the batch lock shared:
 * only a rebuild excludes them). Idempotent across instances: the nonce is unique, and a play whose
 * insert finds it taken records nothing and answers the first result.
 *
 * `foldPending` folds what is pending unless another instance is folding (the stores' timer,
 * stores.ts); `flushCounters` waits for that and folds everything left.
 */
/** Batches of plays (statements) one instance runs at once (see `pump`). */
const MAX_IN_FLIGHT = 2;

export function createPgPlayStore(
  db: PgDb,
  playerSalt: string,
  onCommit: () => void = () => {},
  /** A fold or rebuild of this instance changed the counters. */
  onFold: () => void = () => {},
): PlayStore & { foldPending(spacingMs?: number): Promise<number> } {
  const answerKeys = createAnswerKeys();
  const writeBatch = createBatchWriter(playerSalt);
  const aggregator = createAggregator(db);
  const counters = createPgCounterCheck(db);

  /** One statement: the batch's plays and the quizzes issued since the last one (play-batch-write.ts). */
  const together = async (batch: readonly PlayToRecord[], issued: [string, number][]) => {
    const keyIds = await answerKeys.keysOfBatch(db, batch);
    const outcomes = await writeBatch(db, batch, keyIds, issued);
    onCommit();
    return outcomes;
  };

  /**
   * A play alone. A duplicate that another transaction was writing failed its statement (a unique
   * violation once that one committed: play-batch-write.ts); written again, it is now seen as
   * recorded and answered with the first result.
   */
  const alone = async (play: PlayToRecord) => {
    try {
      return (await together([play], []))[0]!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await together([play], []))[0]!;
    }
  };

  /** A batch in one statement; if it fails, each play alone (only a failing play is refused). */
  const record = async (batch: readonly PlayToRecord[], issued: [string, number][]) => {
    try {
      return await together(batch, issued);
    } catch (error) {
      if (batch.length <= 1 && !isUniqueViolation(error)) throw error;
      // One play failed the batch (or a duplicate was being written beside it): each play alone,
      // as on SQLite; the quizzes issued first, on their own (if that fails too, the database is
      // away: the whole batch fails).
      if (issued.length > 0) await together([], issued);
      const outcomes: (RecordOutcome | Error)[] = [];
      for (const play of batch) {
        try {
          outcomes.push(await alone(play));
        } catch (failed) {
          outcomes.push(failed instanceof Error ? failed : new Error(String(failed)));
        }
      }
      return outcomes;
    }
  };

  /**
   * At most MAX_IN_FLIGHT batches of this instance at a time: the batches handed over while
   * they run are merged into the next one, so a loaded instance writes bigger batches rather
   * than more statements (each costs its round trip and a commit whatever its size).
   */
  type Waiting = {
    batch: PlayToRecord[];
    issued: [string, number][];
    resolve: (outcomes: (RecordOutcome | Error)[]) => void;
    reject: (error: unknown) => void;
  };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  const runGroup = async (group: Waiting[]) => {
    const issuedByDay = new Map<string, number>();
    for (const w of group)
      for (const [day, n] of w.issued) issuedByDay.set(day, (issuedByDay.get(day) ?? 0) + n);
    try {
      const outcomes = await record(
        group.flatMap((w) => w.batch),
        [...issuedByDay].filter(([, n]) => n > 0),
      );
      let at = 0;
      for (const w of group) {
        w.resolve(outcomes.slice(at, at + w.batch.length));
        at += w.batch.length;
      }
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      // The merged statement failed whole: each caller's batch on its own.
      for (const w of group)
        await record(
          w.batch,
          w.issued.filter(([, n]) => n > 0),
        ).then(w.resolve, w.reject);
    }
  };
  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && waiting.length > 0) {
      const group = waiting;
      waiting = [];
      inFlight++;
      void runGroup(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

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
    recordPlays: (batch, quizzesIssued) =>
      new Promise((resolve, reject) => {
        waiting.push({ batch, issued: [...(quizzesIssued ?? [])], resolve, reject });
        pump();
      }),
    // The stores' aggregator turns fold (stores.ts); a flush timer of the app besides them waited
    // for the lock with a pooled connection and folded again (issue 31: ADR 030's amendment).
    flushesOnItsOwn: true,
    flushCounters: () => aggregator.fold(true, onFold),
    foldPending: (spacingMs) => aggregator.fold(false, onFold, spacingMs),
    verifyCounters: (options) => counters.verify(options),
    rebuildCounters: async (options) => {
      await counters.rebuild(options);
      onFold();
    },
    checkIntegrity: () => checkIntegrityPg(db),
    integrityMethod: () => integrityMethodPg(db),
  };
}
