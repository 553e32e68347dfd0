import { normalizeRoomCode, type PartyErrorCode, type PartySettings } from '../shared/contracts/party';
import type { TimerClock, TimerHandle } from './clock';
import { newRoomCode, newToken } from './code';
import { type FinishedGame, PartyGame, type PartyOutbox } from './game';
import type { PartyLine } from './lines';

/** A room closes after this long with no message from anyone in it and no step of its game. */
const ROOM_IDLE_MS = 30 * 60_000;
/** How often idle rooms are looked for. */
const SWEEP_MS = 60_000;

export interface Room {
  code: string;
  hostToken: string;
  game: PartyGame;
}

export type CreateResult = { ok: true; room: Room } | { ok: false; code: PartyErrorCode; message: string };

export interface RoomsDeps {
  clock: TimerClock;
  maxRooms: number;
  maxPlayers: number;
  /** The lines of a new game (drawn from the catalogue with the chosen difficulty). */
  drawLines: (settings: PartySettings) => PartyLine[] | Promise<PartyLine[]>;
  /** The outbox of a room's game (the transport's topics and sockets). */
  outboxFor: (code: string) => PartyOutbox;
  /** Called when a room closes for idleness: its sockets are told and closed. */
  onExpired: (room: Room) => void;
  onFinished?: (game: FinishedGame) => void;
  /**
   * The first symbols of the codes this process creates and owns (PARTY_CODE_PREFIXES): a proxy
   * sends a room's sockets here by that symbol (docs/decisions/031-live-game.md).
   */
  prefixes: string;
  newCode?: () => string;
}

/**
 * The rooms this process holds (a room lives in one process: docs/decisions/031-live-game.md).
 * Creating one is refused past `maxRooms`; one idle for ROOM_IDLE_MS is closed by a sweep that
 * runs on the injected clock while any room is open.
 */
export class PartyRooms {
  private readonly rooms = new Map<string, Room>();
  private sweepTimer: TimerHandle | undefined;

  constructor(private readonly deps: RoomsDeps) {}

  get size(): number {
    return this.rooms.size;
  }

  /** Whether a room of this code would live in this process (its first symbol is one of ours). */
  owns(code: string): boolean {
    return this.deps.prefixes.includes(code[0]!);
  }

  find(typedCode: string): Room | undefined {
    const code = normalizeRoomCode(typedCode);
    return code === undefined ? undefined : this.rooms.get(code);
  }

  async create(settings: PartySettings): Promise<CreateResult> {
    if (this.rooms.size >= this.deps.maxRooms) return this.tooMany();
    const lines = await this.deps.drawLines(settings);
    // Checked again: other rooms may have been created while the lines were drawn.
    if (this.rooms.size >= this.deps.maxRooms) return this.tooMany();
    const newCode = this.deps.newCode ?? (() => newRoomCode(this.deps.prefixes));
    let code = newCode();
    while (this.rooms.has(code)) code = newCode();
    const game = new PartyGame(code, settings, lines, this.deps.clock, this.deps.outboxFor(code), {
      maxPlayers: this.deps.maxPlayers,
      newToken,
      onFinished: this.deps.onFinished,
    });
    const room: Room = { code, hostToken: newToken(), game };
    this.rooms.set(code, room);
    this.sweepTimer ??= this.deps.clock.setTimer(SWEEP_MS, () => this.sweep());
    return { ok: true, room };
  }

  close(room: Room): void {
    room.game.dispose();
    this.rooms.delete(room.code);
  }

  /** Closes every room (the server stops). */
  closeAll(): void {
    for (const room of [...this.rooms.values()]) this.close(room);
    this.deps.clock.clearTimer(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  private sweep(): void {
    this.sweepTimer = undefined;
    const now = this.deps.clock.nowMs();
    for (const room of [...this.rooms.values()])
      if (now - room.game.lastActivityMs >= ROOM_IDLE_MS) {
        this.deps.onExpired(room);
        this.close(room);
      }
    if (this.rooms.size > 0) this.sweepTimer = this.deps.clock.setTimer(SWEEP_MS, () => this.sweep());
  }

  private tooMany(): CreateResult {
    return {
      ok: false,
      code: 'too_many_rooms',
      message: 'Trenutačno je otvoreno previše soba. Pokušaj ponovno za nekoliko minuta.',
    };
  }
}
