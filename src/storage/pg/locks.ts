/**
 * The key of the transaction advisory lock each batch of plays takes first, and
 * `kviz stats rebuild` too: batches of all instances are written one at a time.
 *
 * Why: a batch inserts membership rows (players, day and hour players, answer
 * keys) whose unique keys two concurrent batches could take in opposite orders
 * (a deadlock, one batch failing); the running totals' carry must not
 * interleave with another batch's additions; and a player's first play must be
 * the one with the lowest id, as the recompute of verify counts it. Every batch
 * updates the one `totals` row anyway, so the lock serialises little that was
 * not serialised already: with group commit each instance writes whatever
 * arrived while it waited in one transaction (docs/decisions/023).
 * Any fixed 64-bit number; this one is "kviz" + 1 in ASCII.
 */
export const BATCH_LOCK = 0x6b_76_69_7b;
