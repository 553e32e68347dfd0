import { type Static, Type as T } from '@sinclair/typebox';

/**
 * Kviz uživo's message contract (docs/decisions/031-live-game.md): every message a host
 * screen or a phone sends, and every message the server sends back, over one WebSocket
 * (`/api/uzivo/ws`). The server validates each client message against `ClientMessage`; one
 * that does not match, is not JSON or is longer than PARTY_MAX_MESSAGE_BYTES closes its socket
 * with a reason and changes nothing.
 */

/** Lines of a game, seconds per line, and the pause before an automatic next step (0: the host presses next). */
export const PARTY_LINE_COUNTS = [10, 20, 30] as const;
export const PARTY_SECONDS = [10, 20, 30] as const;
export const PARTY_AUTO_NEXT = [0, 5, 10, 15] as const;
/** The longest client message accepted; the longest real one (a join with a 24-character nickname and a token) is ~170 bytes. */
export const PARTY_MAX_MESSAGE_BYTES = 1024;
/** 32 symbols with no 0/O or 1/I, 7 of them: 35 bits, read aloud without ambiguity. */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LENGTH = 7;
export const NICKNAME_MAX_LENGTH = 24;
/** The WebSocket's path, and the join page's. */
export const PARTY_SOCKET_PATH = '/api/uzivo/ws';
export const PARTY_JOIN_PATH = '/uzivo/pridruzi';
/**
 * The query parameter of the socket's URL that names the room it is for: a proxy in front of
 * several instances sends the socket to the room's instance by the code's first symbol
 * (docs/decisions/031-live-game.md). A socket that creates a room has none.
 */
export const PARTY_ROUTE_PARAM = 'kod';

/** What a person typed, as a code: case, spaces and dashes ignored; undefined when it cannot be one. */
export function normalizeRoomCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== ROOM_CODE_LENGTH) return undefined;
  for (const symbol of code) if (!ROOM_CODE_ALPHABET.includes(symbol)) return undefined;
  return code;
}

const literals = <V extends number>(values: readonly V[]) => T.Union(values.map((v) => T.Literal(v)));
const code = T.String({ minLength: 1, maxLength: 16, description: 'A room code (spaces and case ignored).' });
const token = T.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const difficulty = T.Union([T.Literal('easy'), T.Literal('normal'), T.Literal('hard')]);

export const PartySettings = T.Object(
  {
    lines: literals(PARTY_LINE_COUNTS),
    seconds: literals(PARTY_SECONDS),
    difficulty,
    autoNext: literals(PARTY_AUTO_NEXT),
  },
  { additionalProperties: false },
);
export type PartySettings = Static<typeof PartySettings>;

const message = <P extends Record<string, import('@sinclair/typebox').TSchema>, K extends string>(
  type: K,
  properties: P,
) => T.Object({ type: T.Literal(type), ...properties }, { additionalProperties: false });

/** Everything a host screen or a phone may send. */
export const ClientMessage = T.Union([
  message('create', { settings: PartySettings }),
  message('host', { code, hostToken: token }),
  message('join', {
    code,
    nickname: T.String({ maxLength: 200 }),
    /** The token this browser last held in the room, if the host removed it: a removed player stays out. */
    playerToken: T.Optional(token),
  }),
  message('rejoin', { code, playerToken: token }),
  message('answer', {
    line: T.Integer({ minimum: 0, maximum: 99 }),
    option: T.Integer({ minimum: 0, maximum: 4 }),
  }),
  message('start', {}),
  message('next', {}),
  message('skip', {}),
  message('pause', {}),
  message('resume', {}),
  message('remove', { playerId: T.Integer({ minimum: 1 }) }),
  message('end', {}),
]);
export type ClientMessage = Static<typeof ClientMessage>;

export type PartyPhase = 'lobby' | 'line' | 'reveal' | 'scoreboard' | 'podium';

export interface LobbyPlayer {
  id: number;
  nickname: string;
}

export interface RankedPlayer {
  rank: number;
  nickname: string;
  points: number;
  correct: number;
  /** Places gained since the previous scoreboard (negative: lost); 0 on the first. */
  change: number;
}

/** The end of a line: the right option, its song, and how many chose each option. */
export interface RevealMessage {
  type: 'reveal';
  index: number;
  total: number;
  correct: number;
  song: string;
  album: string;
  year: number;
  counts: number[];
  answered: number;
  players: number;
  skipped: boolean;
}

/** Everything the server sends. */
export type ServerMessage =
  | { type: 'hosting'; code: string; hostToken: string; settings: PartySettings }
  | {
      type: 'joined';
      code: string;
      playerToken: string;
      playerId: number;
      nickname: string;
      settings: PartySettings;
    }
  /** To everyone in the lobby: how many have joined; the host also gets the latest names. */
  | { type: 'lobby'; count: number; players?: LobbyPlayer[] }
  /** A line: the lyric and the five titles, never which is right. */
  | {
      type: 'line';
      index: number;
      total: number;
      lyric: string;
      options: string[];
      seconds: number;
      remainingMs: number;
      paused: boolean;
    }
  | { type: 'ack'; index: number; option: number }
  | { type: 'refused'; reason: RefusalReason; message: string }
  /** To the host during a line: answers so far. */
  | { type: 'progress'; answered: number; players: number }
  | { type: 'paused'; paused: boolean; remainingMs: number }
  /** To everyone: every host screen has been gone for a few seconds (true), or one is back (false). */
  | { type: 'presence'; hostAway: boolean }
  /** To the host screens at the end of a line (the phones get it inside their `result`). */
  | RevealMessage
  /**
   * To each player at the end of a line: their own outcome with the line's reveal, one frame per
   * phone (a room-wide reveal as well would double the frames at the time-up: docs/decisions/031).
   */
  | {
      type: 'result';
      index: number;
      right: boolean;
      option: number | null;
      points: number;
      total: number;
      rank: number;
      players: number;
      reveal: RevealMessage;
    }
  | { type: 'scoreboard'; index: number; total: number; top: RankedPlayer[]; players: number }
  /** The end; `lines` counts the lines played (0: none was, and the game is not recorded). */
  | { type: 'podium'; top: RankedPlayer[]; players: number; lines: number }
  /** To the host at the end: everyone, best first. */
  | { type: 'ranking'; rows: RankedPlayer[] }
  /** To each player at the end. */
  | { type: 'final'; place: number; players: number; points: number; correct: number; lines: number }
  | { type: 'error'; code: PartyErrorCode; message: string }
  | { type: 'closed'; reason: 'removed' | 'expired' | 'replaced'; message: string };

export type RefusalReason = 'late' | 'locked' | 'paused' | 'no_line' | 'wrong_line';
export type PartyErrorCode =
  | 'room_not_found'
  /** The code belongs to another instance: the proxy's map does not match PARTY_CODE_PREFIXES. */
  | 'room_elsewhere'
  | 'room_full'
  /** The room's game has reached its podium: nobody joins it any more. */
  | 'game_over'
  | 'too_many_rooms'
  | 'nickname_invalid'
  | 'nickname_taken'
  | 'token_invalid'
  | 'not_host'
  | 'not_player'
  | 'no_players'
  | 'rate_limited'
  /** The host removed this player (their token or their nickname) from the room. */
  | 'removed'
  | 'not_now';

/** WebSocket close codes the server uses, with their reasons. */
export const PARTY_CLOSE = {
  malformed: 4400,
  tooBig: 1009,
  removed: 4403,
  expired: 4410,
  replaced: 4409,
  /** The server failed on a message (logged); the screen reconnects. */
  serverError: 1011,
  /** The server stops (a restart or a deploy): the room is gone with it. */
  stopping: 1001,
  /** No hello got the socket into a room within 10 s; a screen opens a new one when it has one to send. */
  noHello: 4408,
} as const;
