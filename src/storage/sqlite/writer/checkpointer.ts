/**
 * The WAL's checkpointer (docs/decisions/042): a connection on a thread of its own that copies
 * what the writer committed into the database file, so the writer's commits do not (short of a
 * saturating load).
 *
 * SQLite checkpoints by itself inside the commit that takes the WAL past 1,000 pages: that
 * commit copies the pages and fsyncs the WAL and the database file, and every play waiting for
 * it waits too (issue 30: submit p99 at 1,000 plays/s 212/16/283/293/14 ms in five runs with it,
 * 13/16/13/17/11 ms with the writer's auto-checkpoint off). Here the writer's auto-checkpoint is
 * raised and this thread runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it takes no write
 * lock and waits for nobody (it copies what no reader still needs and stops), so the writer keeps
 * appending meanwhile. Once a checkpoint has copied everything, the writer's next transaction
 * starts the WAL file again from its beginning: the WAL stays about as large as the plays of a
 * period.
 *
 * A checkpoint that runs beside a writer that never pauses never copies everything (new frames
 * arrive while it copies), so the WAL would never start again and grow without end. The writer's
 * own checkpoint is therefore not off but raised to WRITER_CHECKPOINT_PAGES: a safety net that
 * only a saturating load reaches (about 10,000 plays a checkpoint at ~0.4 pages a play).
 */
import { Database } from 'bun:sqlite';
import { toWire, type WireError } from './messages';

const CHECKPOINT_EVERY_MS = 250;
/** The WAL's size (pages of 4 KiB: 16 MiB) past which the writer's commit checkpoints after all. */
export const WRITER_CHECKPOINT_PAGES = 4_000;

export interface CheckpointerInit {
  path: string;
  /** CHECKPOINT_EVERY_MS unless a test says otherwise. */
  everyMs?: number;
}

export type CheckpointerRequest = { type: 'close'; id: number };

export type CheckpointerEvent =
  | { type: 'ready' }
  | { type: 'unusable'; error: WireError }
  /** A checkpoint failed (a full disk, an I/O error): the next one tries again. */
  | { type: 'checkpoint-failed'; error: WireError }
  | { type: 'done'; id: number };

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Opens the checkpointer's connection and starts its timer. */
export function openCheckpointer(init: CheckpointerInit, post: (event: CheckpointerEvent) => void) {
  // The database exists and is in WAL mode: the request thread created and migrated it.
  const db = new Database(init.path, { readwrite: true, create: false });
  let checkpoint: ReturnType<typeof db.query<CheckpointRow, []>>;
  try {
    checkpoint = db.query<CheckpointRow, []>('PRAGMA wal_checkpoint(PASSIVE)');
  } catch (error) {
    db.close();
    throw error;
  }
  let failing = false;
  const run = () => {
    try {
      // `busy` is 1 when another connection was checkpointing at that moment (the writer's own
      // safety net): nothing was lost, and the next run, CHECKPOINT_EVERY_MS later, copies on.
      checkpoint.get();
      failing = false;
    } catch (error) {
      // Said once per run of failures, not four times a second.
      if (!failing) post({ type: 'checkpoint-failed', error: toWire(error) });
      failing = true;
    }
  };
  const timer = setInterval(run, init.everyMs ?? CHECKPOINT_EVERY_MS);
  return {
    handle(request: CheckpointerRequest) {
      if (request.type !== 'close')
        throw new Error(`unknown checkpointer request ${JSON.stringify(request)}`);
      clearInterval(timer);
      checkpoint.finalize();
      db.close(true);
      post({ type: 'done', id: request.id });
    },
  };
}
