import type { LobbyPlayer, RankedPlayer } from '../shared/contracts/party';
import { checkNickname, nicknameKey } from './nickname';
import { rankStandings } from './scoring';

interface PlayerAnswer {
  option: number;
  elapsedMs: number;
  points: number;
}

export interface Player {
  id: number;
  /** Order of joining (ties in points list the earlier first). */
  order: number;
  nickname: string;
  token: string;
  points: number;
  correct: number;
  connected: boolean;
  /** Per line index; undefined: not answered. */
  answers: (PlayerAnswer | undefined)[];
  /** Rank after the latest reveal, and at the previous scoreboard (for the change shown). */
  rank: number;
  shownRank: number;
}

export type JoinResult =
  | { ok: true; player: Player }
  | {
      ok: false;
      code: 'nickname_invalid' | 'nickname_taken' | 'room_full' | 'game_over' | 'removed';
      message: string;
    };

/** How many names the host's lobby list carries: the newest ones (the count is always exact). */
const LOBBY_NAMES = 200;

/** The players of a room: joining with a unique nickname, tokens, ranking. No timing, no messages. */
export class Roster {
  private readonly players = new Map<number, Player>();
  private readonly byToken = new Map<string, Player>();
  private readonly nicknames = new Set<string>();
  /** Whom the host removed: their nicknames' keys and their tokens stay out of the room. */
  private readonly removedNicknames = new Set<string>();
  private readonly removedTokens = new Set<string>();
  private nextId = 1;

  constructor(
    private readonly maxPlayers: number,
    private readonly newToken: () => string,
  ) {}

  get size(): number {
    return this.players.size;
  }

  all(): IterableIterator<Player> {
    return this.players.values();
  }

  get(id: number): Player | undefined {
    return this.players.get(id);
  }

  byPlayerToken(token: string): Player | undefined {
    return this.byToken.get(token);
  }

  /** Whether this was the token of a player the host removed. */
  wasRemoved(token: string): boolean {
    return this.removedTokens.has(token);
  }

  join(rawNickname: string, lines: number): JoinResult {
    const checked = checkNickname(rawNickname);
    if (!checked.ok) return { ok: false, code: 'nickname_invalid', message: checked.message };
    const key = nicknameKey(checked.nickname);
    if (this.removedNicknames.has(key))
      return {
        ok: false,
        code: 'removed',
        message: 'Voditelj je uklonio igrača s tim nadimkom iz ove igre.',
      };
    if (this.nicknames.has(key))
      return {
        ok: false,
        code: 'nickname_taken',
        message: 'Taj nadimak već netko koristi u ovoj sobi. Odaberi drugi.',
      };
    if (this.players.size >= this.maxPlayers)
      return { ok: false, code: 'room_full', message: 'Soba je puna.' };
    const id = this.nextId++;
    const player: Player = {
      id,
      order: id,
      nickname: checked.nickname,
      token: this.newToken(),
      points: 0,
      correct: 0,
      connected: true,
      answers: new Array(lines).fill(undefined),
      rank: 0,
      shownRank: 0,
    };
    this.players.set(id, player);
    this.byToken.set(player.token, player);
    this.nicknames.add(key);
    return { ok: true, player };
  }

  /**
   * Takes a player out for good: the token stops working, and neither it nor the nickname gets
   * into the room again (docs/decisions/031-live-game.md, amended 28 November).
   */
  remove(id: number): Player | undefined {
    const player = this.players.get(id);
    if (!player) return undefined;
    this.players.delete(id);
    this.byToken.delete(player.token);
    this.removedTokens.add(player.token);
    this.removedNicknames.add(nicknameKey(player.nickname));
    return player;
  }

  /** The newest LOBBY_NAMES players, newest last. */
  lobbyNames(): LobbyPlayer[] {
    // Only the newest are built: the host's list goes out every 250 ms while thousands join.
    const skip = this.players.size - LOBBY_NAMES;
    const list: LobbyPlayer[] = [];
    let i = 0;
    for (const p of this.players.values()) if (i++ >= skip) list.push({ id: p.id, nickname: p.nickname });
    return list;
  }

  /** Ranks everyone by points and stores each one's rank; returns them best first. */
  rank(): Player[] {
    const { sorted, ranks } = rankStandings([...this.players.values()]);
    sorted.forEach((p, i) => {
      p.rank = ranks[i]!;
    });
    return sorted;
  }

  /** A ranked player as the boards show them; `change` against the previous scoreboard. */
  static row(p: Player): RankedPlayer {
    return {
      rank: p.rank,
      nickname: p.nickname,
      points: p.points,
      correct: p.correct,
      change: p.shownRank === 0 ? 0 : p.shownRank - p.rank,
    };
  }
}
