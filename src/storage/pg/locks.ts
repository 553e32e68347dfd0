/**
 * The transaction advisory locks of the PostgreSQL write path (docs/decisions/030).
 *
 * `BATCH_LOCK`: every batch of plays takes it *shared* (batches of all instances run side by
 * side: shared holders never wait for each other); `kviz stats rebuild` takes it exclusive, so it
 * rewrites the counters and memberships while no play is being written, and batches wait for it.
 *
 * `AGGREGATOR_LOCK`: held by the one transaction folding pending plays into the counters
 * (aggregator.ts) and by rebuild. An instance that finds it taken leaves the work to the holder;
 * a holder that dies (kill -9, a lost connection) releases it with its rolled-back transaction,
 * and the next instance's turn folds what it left.
 *
 * `ANSWER_KEYS_LOCK`: taken by the short transaction that creates a batch's new answer keys before
 * the batch's own (play-answer-keys.ts; rare: a key is made the first time a line is answered
 * with its song), so two never create the same new keys in opposite orders (a deadlock
 * PostgreSQL would break by aborting one after a second).
 *
 * Any fixed 64-bit numbers; these are "kviz" + 1, + 2 and + 3 in ASCII.
 */
export const BATCH_LOCK = 0x6b_76_69_7b;
export const AGGREGATOR_LOCK = 0x6b_76_69_7c;
export const ANSWER_KEYS_LOCK = 0x6b_76_69_7d;
