import { timingSafeEqual } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RateLimiter } from '../http/rate-limit';
import {
  ClientMessage,
  normalizeRoomCode,
  PARTY_CLOSE,
  PARTY_MAX_MESSAGE_BYTES,
  type PartyErrorCode,
  type ServerMessage,
} from '../shared/contracts/party';
import type { ControlResult, PartyOutbox } from './game';
import type { PartyRooms, Room } from './rooms';
import type { Player } from './roster';

/** What the hub needs of a WebSocket (Bun's ServerWebSocket has all of it). */
export interface PartySocket {
  send(text: string): unknown;
  subscribe(topic: string): void;
  close(code: number, reason: string): void;
}

/** One connection: who it is, once it said so. */
export interface PartySession {
  socket: PartySocket;
  /** The client's limiter key (an IPv6 address as its /64), which the limits count. */
  address: string;
  room?: Room;
  host?: boolean;
  player?: Player;
  /** Messages in the current second (a flood closes the socket). */
  burst: number;
  burstSecond: number;
}

/** What a removed player is told when they try to come back. */
const REMOVED = 'Voditelj te je uklonio iz ove igre i ne možeš joj se ponovno pridružiti.';

/** More client messages than this in one second is no person playing. */
const MAX_MESSAGES_PER_SECOND = 20;
/** A seat whose socket was closed for flooding may come back after this (a rejoin would flood on). */
const FLOOD_COOLDOWN_MS = 10_000;

const checkMessage = TypeCompiler.Compile(ClientMessage);
/** Each message type's own check: a refused message is told by the field that failed, not the union. */
const checkOfType = new Map(
  ClientMessage.anyOf.map((schema) => [schema.properties.type.const, TypeCompiler.Compile(schema)]),
);

/** Why a frame is not a client message: its type and first failing field where it has a known type. */
function whyInvalid(raw: unknown): string {
  if (raw === undefined) return 'not a JSON message';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'not a message object';
  const type: unknown = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') return 'no type';
  const check = checkOfType.get(type as ClientMessage['type']);
  if (!check) return `unknown type ${JSON.stringify(type.slice(0, 20))}`;
  const first = check.Errors(raw).First();
  return `${type} ${first?.path || '/'}: ${first?.message}`;
}

/** A frame's JSON; undefined when it is not JSON (the check then names it so). */
function parseFrame(frame: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof frame === 'string' ? frame : Buffer.from(frame).toString('utf8'));
  } catch {
    return undefined;
  }
}
const roomTopic = (code: string) => `r:${code}`;
const hostTopic = (code: string) => `h:${code}`;

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface HubDeps {
  nowMs: () => number;
  /** Publishes to a topic's subscribers (Bun's server.publish). */
  publish: (topic: string, text: string) => void;
  /** Creating rooms, and joining (rejoins and host returns count too, failed or not), per address. */
  createLimiter: RateLimiter;
  joinLimiter: RateLimiter;
  /** A socket named a room of another instance's code: the proxy in front routes it wrong. */
  onMisrouted?: (code: string) => void;
}

/** What `hello` works with: the hub's state and helpers. */
interface Edge {
  deps: HubDeps;
  rooms: PartyRooms;
  send: (session: PartySession, message: ServerMessage) => void;
  error: (session: PartySession, code: PartyErrorCode, message: string) => void;
  enter: (session: PartySession, room: Room, host: boolean) => void;
  bindPlayer: (session: PartySession, room: Room, player: Player) => void;
  /** Seats (a player, or a room's host) closed for flooding, and until when they must wait. */
  flooded: WeakMap<Player | Room, number>;
}

/** The first message of a socket: create a room, host one again, join, or rejoin. */
async function hello(edge: Edge, session: PartySession, message: ClientMessage): Promise<void> {
  const { deps, rooms, send, error, enter, bindPlayer } = edge;
  const limited = (limiter: RateLimiter) => {
    const quota = limiter.consume(session.address);
    if (!quota.allowed)
      error(session, 'rate_limited', `Previše pokušaja. Pokušaj ponovno za ${quota.resetSeconds} s.`);
    return !quota.allowed;
  };
  /** Failed rejoins and host tokens count against joining; once over, even a good one waits. */
  const blocked = (limiter: RateLimiter) => {
    const quota = limiter.peek(session.address);
    if (!quota.allowed)
      error(session, 'rate_limited', `Previše pokušaja. Pokušaj ponovno za ${quota.resetSeconds} s.`);
    return !quota.allowed;
  };
  /** A seat comes back: counted like a join (a reconnecting venue fits), and not while it cools down. */
  const refusedReturn = (seat: Player | Room) => {
    const wait = (edge.flooded.get(seat) ?? 0) - deps.nowMs();
    if (wait > 0) {
      error(session, 'rate_limited', `Previše poruka. Pokušaj ponovno za ${Math.ceil(wait / 1000)} s.`);
      return true;
    }
    return limited(deps.joinLimiter);
  };
  /** No such room here: none at all, or one of another instance's codes (docs/decisions/031). */
  const notFound = () => {
    const code = 'code' in message ? normalizeRoomCode(message.code) : undefined;
    if (code === undefined || rooms.owns(code))
      return error(session, 'room_not_found', 'Nema otvorene sobe s tim kodom.');
    deps.onMisrouted?.(code);
    return error(session, 'room_elsewhere', 'Ova soba je na drugom poslužitelju. Pokušaj ponovno za minutu.');
  };
  switch (message.type) {
    case 'create': {
      if (limited(deps.createLimiter)) return;
      const created = await rooms.create(message.settings);
      if (!created.ok) return error(session, created.code, created.message);
      const { room } = created;
      enter(session, room, true);
      send(session, {
        type: 'hosting',
        code: room.code,
        hostToken: room.hostToken,
        settings: room.game.settings,
      });
      for (const m of room.game.snapshot()) send(session, m);
      return;
    }
    case 'host': {
      if (blocked(deps.joinLimiter)) return;
      const room = rooms.find(message.code);
      if (!room || !sameToken(room.hostToken, message.hostToken)) {
        deps.joinLimiter.count(session.address);
        return room ? error(session, 'token_invalid', 'Nisi voditelj ove sobe.') : notFound();
      }
      if (refusedReturn(room)) return;
      enter(session, room, true);
      room.game.touch();
      send(session, {
        type: 'hosting',
        code: room.code,
        hostToken: room.hostToken,
        settings: room.game.settings,
      });
      for (const m of room.game.snapshot()) send(session, m);
      return;
    }
    case 'join': {
      if (limited(deps.joinLimiter)) return;
      const room = rooms.find(message.code);
      if (!room) return notFound();
      if (message.playerToken && room.game.roster.wasRemoved(message.playerToken))
        return error(session, 'removed', REMOVED);
      const joined = room.game.join(message.nickname);
      if (!joined.ok) return error(session, joined.code, joined.message);
      return bindPlayer(session, room, joined.player);
    }
    case 'rejoin': {
      if (blocked(deps.joinLimiter)) return;
      const room = rooms.find(message.code);
      const player = room?.game.roster.byPlayerToken(message.playerToken);
      if (!room || !player) {
        deps.joinLimiter.count(session.address);
        if (!room) return notFound();
        return room.game.roster.wasRemoved(message.playerToken)
          ? error(session, 'removed', REMOVED)
          : error(session, 'token_invalid', 'Ova igra te više ne prepoznaje. Pridruži se ponovno.');
      }
      if (refusedReturn(player)) return;
      return bindPlayer(session, room, player);
    }
  }
}

/** A room's outbox: its two topics, and each player's current socket. */
function roomOutbox(
  code: string,
  publish: HubDeps['publish'],
  playerSockets: Map<string, Map<number, PartySession>>,
): PartyOutbox {
  const send = (session: PartySession, message: ServerMessage) => {
    session.socket.send(JSON.stringify(message));
  };
  return {
    toRoom: (message) => publish(roomTopic(code), JSON.stringify(message)),
    toHost: (message) => publish(hostTopic(code), JSON.stringify(message)),
    toPlayer: (id, message) => {
      const session = playerSockets.get(code)?.get(id);
      if (session) send(session, message);
    },
    dropPlayer: (id) => {
      const session = playerSockets.get(code)?.get(id);
      if (!session) return;
      playerSockets.get(code)?.delete(id);
      send(session, { type: 'closed', reason: 'removed', message: 'Voditelj te je uklonio iz igre.' });
      session.player = undefined;
      session.socket.close(PARTY_CLOSE.removed, 'removed by the host');
    },
  };
}

/**
 * The edge of Kviz uživo: validates what a socket sends, works out who it is (host or player of
 * which room) and hands each message to its room's game. Knows sockets but not Elysia, so the
 * tests drive it with fake sockets.
 */
export function createPartyHub(
  deps: HubDeps,
  makeRooms: (outboxFor: (code: string) => PartyOutbox, onExpired: (room: Room) => void) => PartyRooms,
) {
  /** Per room: each player's current socket, and every socket (to close them when the room expires). */
  const playerSockets = new Map<string, Map<number, PartySession>>();
  const roomSessions = new Map<string, Set<PartySession>>();
  const send = (session: PartySession, message: ServerMessage) => {
    session.socket.send(JSON.stringify(message));
  };
  const error = (session: PartySession, code: PartyErrorCode, message: string) => {
    send(session, { type: 'error', code, message });
  };

  const outboxFor = (code: string) => roomOutbox(code, deps.publish, playerSockets);
  const expire = (room: Room): void => {
    deps.publish(
      roomTopic(room.code),
      JSON.stringify({ type: 'closed', reason: 'expired', message: 'Soba je zatvorena zbog neaktivnosti.' }),
    );
    for (const session of roomSessions.get(room.code) ?? []) {
      session.room = undefined;
      session.player = undefined;
      session.socket.close(PARTY_CLOSE.expired, 'room expired');
    }
    roomSessions.delete(room.code);
    playerSockets.delete(room.code);
  };
  const rooms = makeRooms(outboxFor, expire);

  const enter = (session: PartySession, room: Room, host: boolean) => {
    session.room = room;
    session.host = host;
    session.socket.subscribe(roomTopic(room.code));
    if (host) {
      session.socket.subscribe(hostTopic(room.code));
      room.game.hostScreens.connected();
    }
    let sessions = roomSessions.get(room.code);
    if (!sessions) {
      sessions = new Set();
      roomSessions.set(room.code, sessions);
    }
    sessions.add(session);
  };

  const bindPlayer = (session: PartySession, room: Room, player: Player) => {
    let sockets = playerSockets.get(room.code);
    if (!sockets) {
      sockets = new Map();
      playerSockets.set(room.code, sockets);
    }
    const previous = sockets.get(player.id);
    if (previous && previous !== session) {
      previous.player = undefined;
      send(previous, { type: 'closed', reason: 'replaced', message: 'Igraš u drugom prozoru.' });
      previous.socket.close(PARTY_CLOSE.replaced, 'continued in another window');
    }
    sockets.set(player.id, session);
    session.player = player;
    enter(session, room, false);
    room.game.connect(player);
    send(session, {
      type: 'joined',
      code: room.code,
      playerToken: player.token,
      playerId: player.id,
      nickname: player.nickname,
      settings: room.game.settings,
    });
    for (const m of room.game.snapshot(player)) send(session, m);
  };

  const edge: Edge = { deps, rooms, send, error, enter, bindPlayer, flooded: new WeakMap() };

  const control = (session: PartySession, message: ClientMessage) => {
    const room = session.room!;
    const game = room.game;
    if (message.type === 'answer') {
      if (!session.player) return error(session, 'not_player', 'Odgovara samo igrač.');
      game.answer(session.player, message.line, message.option);
      return;
    }
    if (!session.host) return error(session, 'not_host', 'To može samo voditelj.');
    const controls: Partial<Record<ClientMessage['type'], () => ControlResult>> = {
      start: () => game.start(),
      next: () => game.next(),
      skip: () => game.skip(),
      pause: () => game.pause(),
      resume: () => game.resume(),
      end: () => game.end(),
      remove: () => game.remove((message as { playerId: number }).playerId),
    };
    const result = controls[message.type]?.() ?? { ok: false, code: 'not_now', message: 'Ne sada.' };
    if (!result.ok) error(session, result.code, result.message);
  };

  return {
    rooms,
    open(socket: PartySocket, address: string): PartySession {
      return { socket, address, burst: 0, burstSecond: 0 };
    },
    /** A frame as the socket received it: JSON text (a binary frame is read as UTF-8). */
    async message(session: PartySession, frame: string | Uint8Array): Promise<void> {
      const second = Math.floor(deps.nowMs() / 1000);
      if (second !== session.burstSecond) {
        session.burstSecond = second;
        session.burst = 0;
      }
      if (++session.burst > MAX_MESSAGES_PER_SECOND) {
        const seat = session.player ?? (session.host ? session.room : undefined);
        if (seat) edge.flooded.set(seat, deps.nowMs() + FLOOD_COOLDOWN_MS);
        return session.socket.close(PARTY_CLOSE.malformed, 'too many messages');
      }
      const size = typeof frame === 'string' ? Buffer.byteLength(frame) : frame.byteLength;
      if (size > PARTY_MAX_MESSAGE_BYTES) return session.socket.close(PARTY_CLOSE.tooBig, 'message too big');
      const raw = parseFrame(frame);
      if (!checkMessage.Check(raw))
        return session.socket.close(
          PARTY_CLOSE.malformed,
          `invalid message (${whyInvalid(raw)})`.slice(0, 120),
        );
      const isHello = ['create', 'host', 'join', 'rejoin'].includes(raw.type);
      if (isHello) {
        if (session.room) return error(session, 'not_now', 'Ova veza već je u sobi.');
        return hello(edge, session, raw);
      }
      if (!session.room) return error(session, 'room_not_found', 'Najprije uđi u sobu.');
      session.room.game.touch();
      control(session, raw);
    },
    close(session: PartySession): void {
      const room = session.room;
      if (!room) return;
      roomSessions.get(room.code)?.delete(session);
      if (session.host) room.game.hostScreens.disconnected();
      const player = session.player;
      if (player && playerSockets.get(room.code)?.get(player.id) === session) {
        playerSockets.get(room.code)!.delete(player.id);
        room.game.disconnect(player);
      }
    },
  };
}

export type PartyHub = ReturnType<typeof createPartyHub>;
