import type { PlayStore, PlayToRecord, RecordOutcome } from '../storage/contract';
import type { QuizzesIssuedCounter } from './quizzes-issued';

/**
 * Group commit for the HTTP path: plays submitted in the same turn of the event
 * loop are written in one transaction, and each request is answered only after
 * that transaction has committed — acknowledged still means durable. One commit
 * writes each touched page once instead of once per play, which is where the
 * time of a single-play transaction goes (docs/decisions/006-statistics-counters.md).
 * With no concurrency a batch is one play. The quizzes issued since the last
 * commit ride in the same transaction; the per-line counters are written by a
 * flush within half a second (docs/decisions/025).
 */
export function createGroupCommit(
  store: PlayStore,
  quizzesIssued?: Pick<QuizzesIssuedCounter, 'take' | 'putBack'>,
  /** After each committed batch: the deferred counters' flush is due (docs/decisions/025). */
  onCommitted: () => void = () => {},
) {
  let queue: { play: PlayToRecord; resolve: (o: RecordOutcome) => void; reject: (e: Error) => void }[] = [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    let outcomes: (RecordOutcome | Error)[];
    const issued = quizzesIssued?.take();
    try {
      outcomes = await store.recordPlays(
        batch.map((entry) => entry.play),
        issued,
      );
    } catch (error) {
      quizzesIssued?.putBack(issued);
      for (const entry of batch) entry.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    onCommitted();
    batch.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) entry.reject(outcome);
      else entry.resolve(outcome);
    });
  };
  return (play: PlayToRecord): Promise<RecordOutcome> =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ play, resolve, reject });
    });
}

export type RecordPlay = ReturnType<typeof createGroupCommit>;
