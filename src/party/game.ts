import type {
  PartyErrorCode,
  PartyPhase,
  PartySettings,
  RefusalReason,
  RevealMessage,
  ServerMessage,
} from '../shared/contracts/party';
import type { TimerClock, TimerHandle } from './clock';
import { HostPresence } from './host-presence';
import type { PartyLine } from './lines';
import { type JoinResult, type Player, Roster } from './roster';
import { pointsFor } from './scoring';

/** Where a game's messages go; the transport (src/party/routes.ts) maps these onto sockets and topics. */
export interface PartyOutbox {
  /** To the host and every player (one publish to the room's topic). */
  toRoom(message: ServerMessage): void;
  toHost(message: ServerMessage): void;
  toPlayer(playerId: number, message: ServerMessage): void;
  /** Closes a removed player's socket. */
  dropPlayer(playerId: number): void;
}

/** A finished game as it is recorded (src/party/record.ts). */
export interface FinishedGame {
  code: string;
  startedAtMs: number;
  endedAtMs: number;
  settings: PartySettings;
  /** The lines shown, in order; a skipped line scored nobody. */
  lines: (PartyLine & { skipped: boolean })[];
  players: {
    rank: number;
    nickname: string;
    points: number;
    correct: number;
    answers: (Player['answers'][number] | null)[];
  }[];
}

export type ControlResult = { ok: true } | { ok: false; code: PartyErrorCode; message: string };

/**
 * How often the lobby and the host's answer count go out at most (a burst of joins is one message).
 * The host's list of names every 250 ms; the phones' count once a second: it is one frame to
 * every phone in the room, and while 5,000 phones join at 250 ms it was most of the frames sent.
 */
export const LOBBY_UPDATE_MS = 250;
export const LOBBY_COUNT_UPDATE_MS = 1_000;
export const PROGRESS_UPDATE_MS = 250;

const refusals: Record<RefusalReason, string> = {
  late: 'Vrijeme je isteklo: odgovor nije primljen.',
  locked: 'Odgovor je već zaključan.',
  paused: 'Igra je zaustavljena.',
  no_line: 'Sada nema stiha.',
  wrong_line: 'Taj je stih već završio.',
};

const notNow = (message: string): ControlResult => ({ ok: false, code: 'not_now', message });
const OK: ControlResult = { ok: true };

/**
 * One live game: lobby → line → reveal → scoreboard → … → podium. Every transition is a method
 * or a timer of the injected clock; the server alone times lines and grades (the key leaves only
 * in the reveal). Messages go through the outbox, so the game knows no sockets.
 */
export class PartyGame {
  phase: PartyPhase = 'lobby';
  /** The current (or latest) line; -1 before the first. */
  index = -1;
  readonly roster: Roster;
  /** The host's screens; the phones are told when all have been gone a while (src/party/host-presence.ts). */
  readonly hostScreens: HostPresence;
  lastActivityMs: number;
  private startedAtMs = 0;
  private lineSentAtMs = 0;
  /** Time the current line (or automatic next step) had left when paused; undefined: running. */
  private pausedRemainingMs: number | undefined;
  private pausedAtMs = 0;
  private pausedTotalMs = 0;
  private timer: TimerHandle | undefined;
  private timerDueMs = 0;
  private lobbyTimer: TimerHandle | undefined;
  private lobbyCountTimer: TimerHandle | undefined;
  private progressTimer: TimerHandle | undefined;
  /** Connected players who have not answered the current line. */
  private waiting = 0;
  private answered = 0;
  private counts: number[] = [];
  private readonly skipped: boolean[] = [];
  private finished = false;
  /** The scoreboard as it was shown (a reconnecting screen gets the same rank changes). */
  private shownScoreboard: ServerMessage | undefined;

  constructor(
    readonly code: string,
    readonly settings: PartySettings,
    private readonly lines: readonly PartyLine[],
    private readonly clock: TimerClock,
    private readonly outbox: PartyOutbox,
    options: { maxPlayers: number; newToken: () => string; onFinished?: (game: FinishedGame) => void },
  ) {
    this.roster = new Roster(options.maxPlayers, options.newToken);
    this.hostScreens = new HostPresence(clock, (away) => outbox.toRoom({ type: 'presence', hostAway: away }));
    this.onFinished = options.onFinished;
    this.lastActivityMs = clock.nowMs();
  }

  private readonly onFinished: ((game: FinishedGame) => void) | undefined;

  get total(): number {
    return this.lines.length;
  }

  get paused(): boolean {
    return this.pausedRemainingMs !== undefined;
  }

  touch(): void {
    this.lastActivityMs = this.clock.nowMs();
  }

  // --- players -------------------------------------------------------------------------------

  join(nickname: string): JoinResult {
    if (this.phase === 'podium') return { ok: false, code: 'game_over', message: 'Igra je završila.' };
    const joined = this.roster.join(nickname, this.lines.length);
    if (!joined.ok) return joined;
    this.touch();
    if (this.phase === 'line') this.waiting++;
    this.scheduleLobby();
    return joined;
  }

  /** A player's socket (re)connected; their answers and points are kept. */
  connect(player: Player): void {
    if (player.connected) return;
    player.connected = true;
    if (this.phase === 'line' && !player.answers[this.index]) this.waiting++;
    this.touch();
  }

  disconnect(player: Player): void {
    if (!player.connected) return;
    player.connected = false;
    if (this.phase === 'line' && !player.answers[this.index]) {
      this.waiting--;
      this.endLineIfAllAnswered();
    }
  }

  remove(playerId: number): ControlResult {
    const player = this.roster.get(playerId);
    if (!player) return { ok: false, code: 'not_player', message: 'Nema tog igrača.' };
    this.disconnect(player);
    this.roster.remove(playerId);
    this.outbox.dropPlayer(playerId);
    this.touch();
    this.scheduleLobby();
    if (this.phase === 'line') this.endLineIfAllAnswered();
    return OK;
  }

  /** Grades and locks an answer, or refuses it; the player is told either way. */
  answer(player: Player, line: number, option: number): 'ack' | RefusalReason {
    const refuse = (reason: RefusalReason, message = refusals[reason]) => {
      this.outbox.toPlayer(player.id, { type: 'refused', reason, message });
      return reason;
    };
    this.touch();
    if (this.phase !== 'line') return refuse(line === this.index ? 'late' : 'no_line');
    if (line !== this.index)
      return refuse('wrong_line', line > this.index ? 'Taj stih još nije počeo.' : undefined);
    if (this.paused) return refuse('paused');
    if (player.answers[line]) return refuse('locked');
    const elapsedMs = this.elapsedMs();
    const limitMs = this.settings.seconds * 1000;
    if (elapsedMs > limitMs) return refuse('late');
    const key = this.lines[line]!;
    player.answers[line] = {
      option,
      elapsedMs,
      points: pointsFor(option === key.correct, elapsedMs, limitMs),
    };
    this.answered++;
    this.counts[option]!++;
    this.outbox.toPlayer(player.id, { type: 'ack', index: line, option });
    if (player.connected) this.waiting--;
    this.scheduleProgress();
    this.endLineIfAllAnswered();
    return 'ack';
  }

  // --- host controls -------------------------------------------------------------------------

  start(): ControlResult {
    if (this.phase !== 'lobby') return notNow('Igra je već počela.');
    if (this.roster.size === 0)
      return { ok: false, code: 'no_players', message: 'Pričekaj barem jednog igrača.' };
    this.startedAtMs = this.clock.nowMs();
    this.clock.clearTimer(this.lobbyTimer);
    this.clock.clearTimer(this.lobbyCountTimer);
    this.lobbyTimer = undefined;
    this.lobbyCountTimer = undefined;
    this.beginLine(0);
    return OK;
  }

  next(): ControlResult {
    if (this.paused) return notNow('Igra je zaustavljena.');
    if (this.phase === 'lobby') return this.start();
    if (this.phase === 'reveal') {
      if (this.index >= this.lines.length - 1) this.finish();
      else this.showScoreboard();
      return OK;
    }
    if (this.phase === 'scoreboard') {
      this.beginLine(this.index + 1);
      return OK;
    }
    return notNow(this.phase === 'line' ? 'Stih još traje.' : 'Igra je završila.');
  }

  /** Drops the current line: nobody scores it, and the game goes on with the next one. */
  skip(): ControlResult {
    if (this.phase !== 'line') return notNow('Sada nema stiha koji se može preskočiti.');
    this.skipped[this.index] = true;
    for (const p of this.roster.all()) p.answers[this.index] = undefined;
    this.pausedRemainingMs = undefined;
    this.clearTimer();
    if (this.index >= this.lines.length - 1) this.finish();
    else this.beginLine(this.index + 1);
    return OK;
  }

  pause(): ControlResult {
    if (this.paused) return notNow('Igra je već zaustavljena.');
    if (this.phase !== 'line' && !(this.timer && (this.phase === 'reveal' || this.phase === 'scoreboard')))
      return notNow('Sada se nema što zaustaviti.');
    const now = this.clock.nowMs();
    this.pausedRemainingMs = Math.max(0, this.timerDueMs - now);
    this.pausedAtMs = now;
    this.clearTimer();
    this.touch();
    this.outbox.toRoom({ type: 'paused', paused: true, remainingMs: this.pausedRemainingMs });
    return OK;
  }

  resume(): ControlResult {
    if (this.pausedRemainingMs === undefined) return notNow('Igra nije zaustavljena.');
    const remaining = this.pausedRemainingMs;
    this.pausedRemainingMs = undefined;
    if (this.phase === 'line') this.pausedTotalMs += this.clock.nowMs() - this.pausedAtMs;
    this.setTimer(remaining, this.phase === 'line' ? () => this.endLine() : () => this.next());
    this.touch();
    this.outbox.toRoom({ type: 'paused', paused: false, remainingMs: remaining });
    return OK;
  }

  /** Ends the game now: the podium with the points so far. */
  end(): ControlResult {
    if (this.phase === 'podium') return notNow('Igra je već završila.');
    if (this.phase === 'line') this.skipped[this.index] = true;
    this.pausedRemainingMs = undefined;
    this.clearTimer();
    this.finish();
    return OK;
  }

  /** Stops every timer (the room closes). */
  dispose(): void {
    this.clearTimer();
    this.clock.clearTimer(this.lobbyTimer);
    this.clock.clearTimer(this.lobbyCountTimer);
    this.clock.clearTimer(this.progressTimer);
    this.hostScreens.dispose();
  }

  // --- what a (re)connecting socket is sent -----------------------------------------------------

  /** The messages that bring a socket of the host (no player) or of `player` up to date. */
  snapshot(player?: Player): ServerMessage[] {
    const out: ServerMessage[] = [];
    if (player && this.hostScreens.away) out.push({ type: 'presence', hostAway: true });
    if (this.phase === 'lobby') out.push(this.lobbyMessage(!player));
    if (this.phase === 'line') {
      out.push(this.lineMessage());
      const mine = player?.answers[this.index];
      if (mine) out.push({ type: 'ack', index: this.index, option: mine.option });
      if (!player) out.push(this.progressMessage());
    }
    if (this.phase === 'reveal' || this.phase === 'scoreboard') {
      out.push({ ...this.lineMessage(), remainingMs: 0, paused: false });
      out.push(player ? this.resultMessage(player, this.revealMessage()) : this.revealMessage());
      if (this.phase === 'scoreboard' && this.shownScoreboard) out.push(this.shownScoreboard);
      if (this.paused) out.push({ type: 'paused', paused: true, remainingMs: this.pausedRemainingMs ?? 0 });
    }
    if (this.phase === 'podium') {
      const ranked = this.roster.rank();
      out.push(this.podiumMessage(ranked));
      if (player) out.push(this.finalMessage(player));
      else out.push({ type: 'ranking', rows: ranked.map((p) => Roster.row(p)) });
    }
    return out;
  }

  // --- transitions ---------------------------------------------------------------------------

  private beginLine(index: number): void {
    this.phase = 'line';
    this.index = index;
    this.lineSentAtMs = this.clock.nowMs();
    this.pausedTotalMs = 0;
    this.answered = 0;
    this.counts = new Array(this.lines[index]!.options.length).fill(0);
    this.waiting = 0;
    for (const p of this.roster.all()) if (p.connected) this.waiting++;
    this.touch();
    this.setTimer(this.settings.seconds * 1000, () => this.endLine());
    this.outbox.toRoom(this.lineMessage());
    this.outbox.toHost(this.progressMessage());
  }

  private endLineIfAllAnswered(): void {
    if (this.phase === 'line' && this.waiting <= 0 && this.answered > 0) this.endLine();
  }

  /** Time is up, or every connected player answered: points are added and the key revealed. */
  private endLine(): void {
    if (this.phase !== 'line') return;
    this.clearTimer();
    this.clock.clearTimer(this.progressTimer);
    this.progressTimer = undefined;
    this.pausedRemainingMs = undefined;
    this.phase = 'reveal';
    for (const p of this.roster.all()) {
      const answer = p.answers[this.index];
      if (answer && answer.points > 0) {
        p.points += answer.points;
        p.correct++;
      }
    }
    this.roster.rank();
    this.touch();
    const reveal = this.revealMessage();
    this.outbox.toHost(reveal);
    for (const p of this.roster.all())
      if (p.connected) this.outbox.toPlayer(p.id, this.resultMessage(p, reveal));
    this.autoNext();
  }

  private showScoreboard(): void {
    this.phase = 'scoreboard';
    this.touch();
    this.shownScoreboard = this.scoreboardMessage();
    this.outbox.toRoom(this.shownScoreboard);
    for (const p of this.roster.all()) p.shownRank = p.rank;
    this.autoNext();
  }

  private finish(): void {
    this.phase = 'podium';
    this.clearTimer();
    this.touch();
    const ranked = this.roster.rank();
    this.outbox.toRoom(this.podiumMessage(ranked));
    this.outbox.toHost({ type: 'ranking', rows: ranked.map((p) => Roster.row(p)) });
    for (const p of ranked) if (p.connected) this.outbox.toPlayer(p.id, this.finalMessage(p));
    // A game with no line played (ended during its first, or every line skipped) has nothing to
    // keep: no answer counted, no line for the hardest lines (docs/decisions/031-live-game.md).
    if (this.finished || this.playedLines() === 0) return;
    this.finished = true;
    this.onFinished?.(this.record(ranked));
  }

  private autoNext(): void {
    if (this.settings.autoNext > 0) this.setTimer(this.settings.autoNext * 1000, () => this.next());
  }

  private record(ranked: Player[]): FinishedGame {
    const shown = this.index + 1;
    return {
      code: this.code,
      startedAtMs: this.startedAtMs,
      endedAtMs: this.clock.nowMs(),
      settings: this.settings,
      lines: this.lines.slice(0, shown).map((line, i) => ({ ...line, skipped: this.skipped[i] === true })),
      players: ranked.map((p) => ({
        rank: p.rank,
        nickname: p.nickname,
        points: p.points,
        correct: p.correct,
        answers: p.answers.slice(0, shown).map((a) => a ?? null),
      })),
    };
  }

  /** Lines shown and scored: up to the current one, without the skipped (and an ended line). */
  private playedLines(): number {
    return this.index + 1 - this.skipped.filter(Boolean).length;
  }

  // --- timers --------------------------------------------------------------------------------

  private elapsedMs(): number {
    return this.clock.nowMs() - this.lineSentAtMs - this.pausedTotalMs;
  }

  private setTimer(ms: number, run: () => void): void {
    this.clearTimer();
    this.timerDueMs = this.clock.nowMs() + ms;
    this.timer = this.clock.setTimer(ms, () => {
      this.timer = undefined;
      run();
    });
  }

  private clearTimer(): void {
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }

  private scheduleLobby(): void {
    if (this.phase !== 'lobby') return;
    this.lobbyTimer ??= this.clock.setTimer(LOBBY_UPDATE_MS, () => {
      this.lobbyTimer = undefined;
      if (this.phase === 'lobby') this.outbox.toHost(this.lobbyMessage(true));
    });
    this.lobbyCountTimer ??= this.clock.setTimer(LOBBY_COUNT_UPDATE_MS, () => {
      this.lobbyCountTimer = undefined;
      if (this.phase === 'lobby') this.outbox.toRoom(this.lobbyMessage(false));
    });
  }

  private scheduleProgress(): void {
    if (this.progressTimer) return;
    this.progressTimer = this.clock.setTimer(PROGRESS_UPDATE_MS, () => {
      this.progressTimer = undefined;
      if (this.phase === 'line') this.outbox.toHost(this.progressMessage());
    });
  }

  // --- messages ------------------------------------------------------------------------------

  private lobbyMessage(forHost: boolean): ServerMessage {
    return forHost
      ? { type: 'lobby', count: this.roster.size, players: this.roster.lobbyNames() }
      : { type: 'lobby', count: this.roster.size };
  }

  private lineMessage(): Extract<ServerMessage, { type: 'line' }> {
    const line = this.lines[this.index]!;
    const limitMs = this.settings.seconds * 1000;
    return {
      type: 'line',
      index: this.index,
      total: this.lines.length,
      lyric: line.lyric,
      options: line.options,
      seconds: this.settings.seconds,
      remainingMs: this.pausedRemainingMs ?? Math.max(0, limitMs - this.elapsedMs()),
      paused: this.paused,
    };
  }

  private progressMessage(): ServerMessage {
    let players = 0;
    for (const p of this.roster.all()) if (p.connected) players++;
    return { type: 'progress', answered: this.answered, players };
  }

  private revealMessage(): RevealMessage {
    const line = this.lines[this.index]!;
    return {
      type: 'reveal',
      index: this.index,
      total: this.lines.length,
      correct: line.correct,
      song: line.song,
      album: line.album,
      year: line.year,
      counts: this.counts,
      answered: this.answered,
      players: this.roster.size,
      skipped: false,
    };
  }

  private resultMessage(p: Player, reveal: RevealMessage): ServerMessage {
    const answer = p.answers[this.index];
    return {
      type: 'result',
      index: this.index,
      right: (answer?.points ?? 0) > 0,
      option: answer?.option ?? null,
      points: answer?.points ?? 0,
      total: p.points,
      rank: p.rank,
      players: this.roster.size,
      reveal,
    };
  }

  private scoreboardMessage(): ServerMessage {
    const top = this.roster
      .rank()
      .slice(0, 5)
      .map((p) => Roster.row(p));
    return {
      type: 'scoreboard',
      index: this.index,
      total: this.lines.length,
      top,
      players: this.roster.size,
    };
  }

  private podiumMessage(ranked: Player[]): ServerMessage {
    return {
      type: 'podium',
      top: ranked.slice(0, 3).map((p) => Roster.row(p)),
      players: ranked.length,
      lines: this.playedLines(),
    };
  }

  private finalMessage(p: Player): ServerMessage {
    return {
      type: 'final',
      place: p.rank,
      players: this.roster.size,
      points: p.points,
      correct: p.correct,
      lines: this.playedLines(),
    };
  }
}
