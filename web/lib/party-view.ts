/**
 * What a Kviz uživo screen shows, folded from the server's messages (src/shared/contracts/party.ts).
 * Pure: the socket hook feeds it, tests feed it directly. No DOM.
 */
import {
  type LobbyPlayer,
  PARTY_JOIN_PATH,
  type PartyPhase,
  type PartySettings,
  type RankedPlayer,
  type ServerMessage,
} from '../../src/shared/contracts/party';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

export interface PartyView {
  phase: PartyPhase | 'entry' | 'closed';
  code?: string;
  settings?: PartySettings;
  nickname?: string;
  count: number;
  players: LobbyPlayer[];
  /** The current line, with the local time it ends at (for the countdown). */
  line?: Of<'line'> & { endsAtMs: number };
  /** The line's countdown or the automatic next step is held by the host. */
  paused: boolean;
  /** Every host screen has been gone for a few seconds (the phones say so until one is back). */
  hostAway: boolean;
  /** The option this screen's player locked for the current line. */
  myAnswer?: number;
  progress?: Of<'progress'>;
  reveal?: Of<'reveal'>;
  result?: Of<'result'>;
  scoreboard?: Of<'scoreboard'>;
  podium?: Of<'podium'>;
  ranking?: RankedPlayer[];
  final?: Of<'final'>;
  /** The latest error or refusal, in Croatian, until the next step clears it. */
  notice?: string;
  closedMessage?: string;
}

export const initialPartyView: PartyView = {
  phase: 'entry',
  count: 0,
  players: [],
  paused: false,
  hostAway: false,
};

export function applyPartyMessage(view: PartyView, message: ServerMessage, nowMs: number): PartyView {
  switch (message.type) {
    case 'hosting':
      return { ...view, code: message.code, settings: message.settings, notice: undefined };
    case 'joined':
      return {
        ...view,
        code: message.code,
        settings: message.settings,
        nickname: message.nickname,
        // The snapshot after it says so again if the host is still away.
        hostAway: false,
        notice: undefined,
      };
    case 'lobby':
      return { ...view, phase: 'lobby', count: message.count, players: message.players ?? view.players };
    case 'line':
      return {
        ...view,
        phase: 'line',
        paused: message.paused,
        line: { ...message, endsAtMs: nowMs + message.remainingMs },
        myAnswer: view.line?.index === message.index ? view.myAnswer : undefined,
        progress: undefined,
        reveal: undefined,
        result: undefined,
        notice: undefined,
      };
    case 'ack':
      return { ...view, myAnswer: message.option, notice: undefined };
    case 'refused':
    case 'error':
      return { ...view, notice: message.message };
    case 'progress':
      return { ...view, progress: message };
    case 'paused': {
      const line = view.phase === 'line' && view.line;
      return {
        ...view,
        paused: message.paused,
        line: line
          ? {
              ...line,
              paused: message.paused,
              remainingMs: message.remainingMs,
              endsAtMs: nowMs + message.remainingMs,
            }
          : view.line,
      };
    }
    case 'presence':
      return { ...view, hostAway: message.hostAway };
    case 'reveal':
      return { ...view, phase: 'reveal', paused: false, reveal: message, notice: undefined };
    case 'result':
      // A phone's result carries the line's reveal (one frame per phone).
      return {
        ...view,
        phase: 'reveal',
        paused: false,
        reveal: message.reveal,
        result: message,
        notice: undefined,
      };
    case 'scoreboard':
      return { ...view, phase: 'scoreboard', paused: false, scoreboard: message };
    case 'podium':
      return { ...view, phase: 'podium', podium: message, notice: undefined };
    case 'ranking':
      return { ...view, ranking: message.rows };
    case 'final':
      return { ...view, final: message };
    case 'closed':
      return { ...view, phase: 'closed', closedMessage: message.message };
  }
}

/** Seconds left of a line at `nowMs`, rounded up (a paused line shows what it had). */
export function secondsLeft(line: NonNullable<PartyView['line']>, nowMs: number): number {
  const ms = line.paused ? line.remainingMs : line.endsAtMs - nowMs;
  return Math.max(0, Math.ceil(ms / 1000));
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** The join link a QR code and the host screen show. */
export function joinUrl(origin: string, code: string): string {
  return `${origin}${PARTY_JOIN_PATH}?kod=${encodeURIComponent(code)}`;
}

/** A code as it is read aloud and shown: ABC DEFG. */
export function spacedCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
