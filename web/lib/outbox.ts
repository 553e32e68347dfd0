/**
 * The browser's outbox of finished plays (docs/decisions/032-play-outbox.md): a play is handed
 * here the moment it is finished and stays until the server acknowledges it (200) or refuses it
 * for good (a 4xx other than 408 and 429); whichever page of the product is open sends it. The
 * answer is kept by the play's id, so the page that shows the play later finds it. Pure: the
 * storage is passed in, tested without a browser (the sending is web/lib/outbox-sender.ts).
 */
import type { SubmitBody, SubmitResult } from '../../src/shared/contracts/quiz';
// The plays waiting for the server (localStorage: it survives the tab and the browser).
import { OUTBOX_KEY } from './outbox-key';
import { readJson, writeJson } from './storage';

/** What the server answered for the last plays sent (localStorage), by play id. */
export const OUTCOMES_KEY = 'kviz.outcomes';

export interface OutboxEntry {
  /** The play's id (web/lib/play-store.ts `playIdOf`): one entry per play, whichever tab adds it. */
  id: string;
  body: SubmitBody;
  /** Failed attempts so far (no answer, or an answer worth retrying). */
  attempts: number;
  /** Not sent again before this time (ms since the epoch). */
  nextAt: number;
}

export type Outcome =
  | { kind: 'recorded'; result: SubmitResult }
  /** The server will never take this play (`code` from its error body, e.g. `token_expired`). */
  | { kind: 'refused'; status: number; code: string };

/** How many answers are kept: far more than plays a player finishes between two visits. */
const KEPT_OUTCOMES = 40;
/** The longest wait between two attempts: the backoff is min(1000 × 2^n, 30000) ms (docs/decisions/032). */
export const MAX_BACKOFF_MS = 30_000;

export function readOutbox(storage: Storage): OutboxEntry[] {
  const list = readJson<unknown>(storage, OUTBOX_KEY);
  return Array.isArray(list)
    ? list.filter(
        (e): e is OutboxEntry =>
          Boolean(e) && typeof e.id === 'string' && typeof e.body === 'object' && Number.isFinite(e.nextAt),
      )
    : [];
}

/** Hands a finished play over; a play already waiting (or answered) is not added twice. */
export function enqueuePlay(storage: Storage, id: string, body: SubmitBody, now: number): void {
  const entries = readOutbox(storage);
  if (entries.some((e) => e.id === id) || outcomeOf(storage, id)) return;
  writeJson(storage, OUTBOX_KEY, [...entries, { id, body, attempts: 0, nextAt: now }]);
}

export function isWaiting(storage: Storage, id: string): boolean {
  return readOutbox(storage).some((e) => e.id === id);
}

/** The plays to send now. */
export function duePlays(storage: Storage, now: number): OutboxEntry[] {
  return readOutbox(storage).filter((e) => e.nextAt <= now);
}

/** When the next waiting play is due, or undefined when none waits. */
export function nextDueAt(storage: Storage): number | undefined {
  const times = readOutbox(storage).map((e) => e.nextAt);
  return times.length ? Math.min(...times) : undefined;
}

/** An attempt failed for now: wait min(1000 × 2^n, 30000) ms (or what the server asked). */
export function postpone(storage: Storage, id: string, now: number, retryAfterMs?: number): void {
  const entries = readOutbox(storage).map((e) => {
    if (e.id !== id) return e;
    const backoff = Math.min(1000 * 2 ** e.attempts, MAX_BACKOFF_MS);
    return { ...e, attempts: e.attempts + 1, nextAt: now + Math.max(backoff, retryAfterMs ?? 0) };
  });
  writeJson(storage, OUTBOX_KEY, entries);
}

function readOutcomes(storage: Storage): [string, Outcome][] {
  const list = readJson<unknown>(storage, OUTCOMES_KEY);
  return Array.isArray(list)
    ? list.filter(
        (e): e is [string, Outcome] => Array.isArray(e) && typeof e[0] === 'string' && Boolean(e[1]),
      )
    : [];
}

/** The server's answer for a play: recorded or refused for good; undefined while it waits. */
export function outcomeOf(storage: Storage, id: string): Outcome | undefined {
  return readOutcomes(storage).find(([key]) => key === id)?.[1];
}

/** The server answered for good: the play leaves the outbox and its answer is kept. */
export function settle(storage: Storage, id: string, outcome: Outcome): void {
  const outcomes = [
    [id, outcome] as [string, Outcome],
    ...readOutcomes(storage).filter(([key]) => key !== id),
  ];
  writeJson(storage, OUTCOMES_KEY, outcomes.slice(0, KEPT_OUTCOMES));
  writeJson(
    storage,
    OUTBOX_KEY,
    readOutbox(storage).filter((e) => e.id !== id),
  );
}

/** A status the server will answer the same way whenever the play is sent again. */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
