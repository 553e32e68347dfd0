/** What a browser keeps of Kviz uživo across reloads, in localStorage. */
import { type ClientMessage, normalizeRoomCode } from '../../../src/shared/contracts/party';

/** Where a screen keeps what gets its room back after a reload: the host's or the player's token. */
export const HOST_KEY = 'kviz.party.host';
export const PLAYER_KEY = 'kviz.party.player';
/**
 * The seat the host removed this browser from: a join to that room carries its token, and the
 * room refuses it whatever the nickname (docs/decisions/031-live-game.md, amended 28 November).
 */
const REMOVED_KEY = 'kviz.party.removed';

export interface Seat {
  code: string;
  token: string;
}

export function readSeat(key: string): Seat | undefined {
  try {
    const seat = JSON.parse(localStorage.getItem(key) ?? 'null') as Seat | null;
    return seat && typeof seat.code === 'string' && typeof seat.token === 'string' ? seat : undefined;
  } catch {
    return undefined;
  }
}

export function writeSeat(key: string, seat: Seat | undefined): void {
  try {
    if (seat) localStorage.setItem(key, JSON.stringify(seat));
    else localStorage.removeItem(key);
  } catch {
    // Private mode: the room is simply not kept across a reload.
  }
}

export function rememberRemoval(seat: Seat): void {
  writeSeat(REMOVED_KEY, seat);
}

/** A message as this browser sends it: a join to the room it was removed from names the removed token. */
export function withRemovedToken(message: ClientMessage): ClientMessage {
  if (message.type !== 'join') return message;
  const removed = readSeat(REMOVED_KEY);
  return removed && removed.code === normalizeRoomCode(message.code)
    ? { ...message, playerToken: removed.token }
    : message;
}
