/**
 * What the request thread and the SQLite writer (writer.worker.ts, docs/decisions/035) say to
 * each other. Every request carries an id its answer repeats; the writer also tells of each
 * flush of the deferred counters as it starts and ends, so the request thread's statistics
 * version (docs/decisions/010) moves with every commit it did not make itself.
 */

import type { Day } from '../../../time/day';
import type {
  PartyGameRecord,
  PlayToRecord,
  QuizzesIssued,
  RecordOutcome,
  SourceCount,
} from '../../contract';

/** An Error as it crosses the thread boundary: what isStorageFault and the logs read of it. */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  errno?: number;
}

export interface WriterInit {
  path: string;
  synchronous: 'NORMAL' | 'FULL';
  playerSalt: string;
  /**
   * A checkpointer thread copies the WAL into the database file (docs/decisions/042): the
   * writer's own automatic checkpoint waits for a far larger WAL. Without one, SQLite checkpoints
   * in the commit that takes the WAL past 1,000 pages, as it does by default.
   */
  checkpointed?: boolean;
}

/**
 * A play as it crosses to the writer: its answers packed into one Int32Array, six numbers each
 * (`ANSWER_FIELDS`), not 30 objects. Measured with `structuredClone` (the copy `postMessage`
 * makes): 15.5 µs a play as objects, 2.7 µs packed, half of it on each thread.
 */
export type WirePlay = Omit<PlayToRecord, 'answers'> & { answers: Int32Array };

const ANSWER_FIELDS = 6;

export function toWirePlay({ answers, ...play }: PlayToRecord): WirePlay {
  const packed = new Int32Array(answers.length * ANSWER_FIELDS);
  let at = 0;
  for (const a of answers) {
    packed[at++] = a.position;
    packed[at++] = a.lyricId;
    packed[at++] = a.songId;
    packed[at++] = a.albumId;
    packed[at++] = a.selectedSongId;
    packed[at++] = a.isCorrect ? 1 : 0;
  }
  return { ...play, answers: packed };
}

export function fromWirePlay({ answers: packed, ...play }: WirePlay): PlayToRecord {
  const answers: PlayToRecord['answers'] = [];
  for (let at = 0; at < packed.length; at += ANSWER_FIELDS)
    answers.push({
      position: packed[at]!,
      lyricId: packed[at + 1]!,
      songId: packed[at + 2]!,
      albumId: packed[at + 3]!,
      selectedSongId: packed[at + 4]!,
      isCorrect: packed[at + 5] === 1,
    });
  return { ...play, answers };
}

export type WriterRequest =
  | { type: 'record'; id: number; plays: WirePlay[]; issued?: QuizzesIssued }
  | { type: 'flush'; id: number }
  | { type: 'rebuild'; id: number }
  | { type: 'party'; id: number; game: PartyGameRecord }
  /** A `meta` value: written, or (`keep`) written only when the key has none; answered with the stored value. */
  | { type: 'meta'; id: number; key: string; value: string; keep: boolean }
  /** The dashboard's notes on dates (docs/decisions/037): added (answered with the note as JSON) or removed (1 or 0). */
  | { type: 'annotation-add'; id: number; day: Day; text: string; createdAtMs: number }
  | { type: 'annotation-remove'; id: number; noteId: number }
  /** A few seconds' referrers, campaigns and shares (docs/decisions/040), added in one transaction. */
  | { type: 'sources'; id: number; counts: SourceCount[] }
  /** The checkpointer is gone: the writer's commits checkpoint again, as SQLite does by default. */
  | { type: 'auto-checkpoint'; id: number }
  | { type: 'close'; id: number };

export type WriterEvent =
  | { type: 'ready' }
  /** The writer could not open the database: nothing will be written. */
  | { type: 'unusable'; error: WireError }
  | { type: 'recorded'; id: number; outcomes: (RecordOutcome | WireError)[] }
  /** A request answered with a value (flush: plays counted; party: the game's id; meta: the stored value). */
  | { type: 'done'; id: number; value: number | string }
  | { type: 'failed'; id: number; error: WireError }
  /** A flush begins: the watermark it counts from (its transaction holds the write lock). */
  | { type: 'flushing'; after: number }
  | { type: 'flushed'; plays: number }
  /** A flush the writer ran on its own failed (a full disk): the next one tries again. */
  | { type: 'flush-failed'; error: WireError };

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof errno === 'number' ? { errno } : {}),
  };
}

export function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.code !== undefined) Object.assign(error, { code: wire.code });
  if (wire.errno !== undefined) Object.assign(error, { errno: wire.errno });
  return error;
}

/** A per-play outcome is a RecordOutcome (it has a play id) or an error. */
export const isWireError = (outcome: RecordOutcome | WireError): outcome is WireError =>
  !('playId' in outcome);
