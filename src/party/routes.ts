import type { Server, ServerWebSocket } from 'bun';
import { Elysia, NotFoundError } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { tooManyRequests } from '../errors';
import { createAddressMatcher, createLimiterKeyCache } from '../http/address';
import { clientAddressOf } from '../http/client-address';
import { createRateLimiter } from '../http/rate-limit';
import type { DifficultySelection } from '../quiz/difficulty-selection';
import { PARTY_CLOSE, PARTY_SOCKET_PATH } from '../shared/contracts/party';
import type { TimerClock } from './clock';
import type { FinishedGame } from './game';
import { createPartyHub, type PartyHub, type PartySession } from './hub';
import { drawPartyLines } from './lines';
import { PartyRooms } from './rooms';
import { HELLO_TIMEOUT_MS, PartySockets, type TrackedSocket } from './sockets';

export interface PartyRoutesDeps {
  clock: TimerClock;
  catalogue: () => CatalogueIndex;
  /** How easy and hard choose their lines (src/quiz/selection-cache.ts). */
  selection: () => DifficultySelection | Promise<DifficultySelection>;
  maxRooms: number;
  maxPlayers: number;
  trustedProxies: readonly string[];
  roomsPerHour: number;
  joinsPerMinute: number;
  /** PARTY_MAX_SOCKETS_PER_ADDRESS: open sockets one client (limiter key) may hold. */
  maxSocketsPerKey: number;
  /** PARTY_CODE_PREFIXES: the first symbols of the codes this instance owns. */
  codePrefixes: string;
  /**
   * Told when a socket names another instance's room (the proxy's map is wrong): at most once
   * every MISROUTED_REPORT_MS, with how many sockets did so since the last time, this one included.
   */
  onMisrouted?: (code: string, count: number) => void;
  onFinished?: (game: FinishedGame) => void;
  /** A socket's message failed on the server (its socket is closed, 1011). */
  onError?: (error: unknown) => void;
  /** Aborted when the server stops: every socket is closed then, before in-flight requests are awaited. */
  shutdown?: AbortSignal;
}

/**
 * A misrouted socket is worth one warning a minute: the operator needs to know the proxy's map is
 * wrong, and a client may name another instance's codes as often as its join budget allows.
 */
const MISROUTED_REPORT_MS = 60_000;

function throttledReport(report: (code: string, count: number) => void, nowMs: () => number) {
  let lastMs = Number.NEGATIVE_INFINITY;
  let count = 0;
  return (code: string) => {
    count++;
    if (nowMs() - lastMs < MISROUTED_REPORT_MS) return;
    lastMs = nowMs();
    report(code, count);
    count = 0;
  };
}

/** What every connection shares. */
interface PartyEdge {
  hub: PartyHub;
  sockets: PartySockets;
  nowMs: () => number;
  onError: (error: unknown) => void;
  messages: number;
  /** The server stops: closing sockets leave their rooms alone (the rooms are closed too). */
  stopping: boolean;
}

/**
 * One socket's `data`: its address until it opens, then its session. Elysia's websocket handler
 * calls `ws.data.open(ws)`, `.message(ws, frame)` and `.close(ws)`; the methods are the class's, so
 * a socket costs this object and its session, nothing per message.
 */
class PartyConnection implements TrackedSocket {
  private session: PartySession | undefined;
  private ws: ServerWebSocket<unknown> | undefined;
  openedAtMs = 0;

  constructor(
    private readonly edge: PartyEdge,
    /** The client's limiter key: its address, an IPv6 one as its /64 (src/http/address.ts). */
    readonly key: string,
  ) {}

  open(ws: ServerWebSocket<unknown>): void {
    this.ws = ws;
    this.openedAtMs = this.edge.nowMs();
    this.session = this.edge.hub.open(ws, this.key);
    this.edge.sockets.add(this);
  }

  inRoom(): boolean {
    return this.session?.room !== undefined;
  }

  /**
   * Nobody awaits this (Elysia's handler calls it and returns), and an unhandled rejection ends a
   * Bun process: a message that fails (the catalogue's selection unreadable while a room is
   * created) is logged and closes its own socket (1011), and every other room plays on.
   */
  message(ws: ServerWebSocket<unknown>, frame: string | Buffer): void {
    if (!this.session) return;
    this.edge.messages++;
    this.edge.hub.message(this.session, frame).catch((error: unknown) => {
      this.edge.onError(error);
      ws.close(PARTY_CLOSE.serverError, 'server error');
    });
  }

  /** The registry closes the socket (no hello in time, the server stops). */
  disconnect(code: number, reason: string): void {
    this.ws?.close(code, reason);
  }

  /** The socket closed (Elysia's handler calls this, whoever closed it). */
  close(): void {
    this.edge.sockets.remove(this);
    if (this.session && !this.edge.stopping) this.edge.hub.close(this.session);
  }
}

/**
 * Kviz uživo's WebSocket (docs/decisions/031-live-game.md): one socket per screen; Bun's pub/sub
 * fans a room's messages out (`r:CODE` to everyone in it, `h:CODE` to its host screens).
 */
export function partyRoutes(deps: PartyRoutesDeps) {
  const { clock } = deps;
  let server: Server<unknown> | null = null;
  const isTrusted = createAddressMatcher(deps.trustedProxies);
  // Counted like every HTTP limit (docs/decisions/012): an IPv6 client as its /64, which one
  // subscriber usually holds whole; its single addresses would each get a budget of their own.
  const limiterKey = createLimiterKeyCache();
  const hub = createPartyHub(
    {
      nowMs: clock.nowMs,
      publish: (topic, text) => {
        server?.publish(topic, text);
      },
      createLimiter: createRateLimiter(deps.roomsPerHour, 3_600_000, clock.nowMs),
      joinLimiter: createRateLimiter(deps.joinsPerMinute, 60_000, clock.nowMs),
      ...(deps.onMisrouted ? { onMisrouted: throttledReport(deps.onMisrouted, clock.nowMs) } : {}),
    },
    (outboxFor, onExpired) =>
      new PartyRooms({
        clock,
        maxRooms: deps.maxRooms,
        maxPlayers: deps.maxPlayers,
        prefixes: deps.codePrefixes,
        drawLines: async (settings) => {
          const selection = settings.difficulty === 'normal' ? undefined : await deps.selection();
          return drawPartyLines(deps.catalogue(), settings.lines, settings.difficulty, selection);
        },
        outboxFor,
        onExpired,
        onFinished: deps.onFinished,
      }),
  );
  const sockets = new PartySockets({ clock, maxPerKey: deps.maxSocketsPerKey });
  const edge: PartyEdge = {
    hub,
    sockets,
    nowMs: clock.nowMs,
    onError: deps.onError ?? (() => {}),
    messages: 0,
    stopping: false,
  };
  // Bun's stop waits for every open socket, and Elysia's onStop runs only after it: the sockets
  // are closed when the shutdown signal comes, before the server waits for requests in flight.
  const stopAll = () => {
    edge.stopping = true;
    hub.rooms.closeAll();
    sockets.closeAll();
  };
  deps.shutdown?.addEventListener('abort', stopAll, { once: true });
  // The upgrade is done here, not by Elysia's `.ws()`: that keeps, for every socket, a copy of the
  // whole request context (the Request, its parsed headers and query, six closures) and wraps each
  // message in a new object of bound methods, ~4 KB a player in a 5,000-player room
  // (docs/performance.md). A socket's data is one small `PartyConnection`; Elysia's websocket
  // handler (installed by the app for every server) calls its open, message and close.
  const routes = new Elysia({ name: 'party-routes', detail: { hide: true } })
    .get(PARTY_SOCKET_PATH, ({ request, server: current }) => {
      server ??= current;
      if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !current)
        throw new NotFoundError();
      const key = limiterKey(clientAddressOf(request, current, isTrusted));
      // The sockets a client holds cost memory whether it plays or not; a hello-less one closes
      // after HELLO_TIMEOUT_MS, so that is when a refused client may well get one again.
      if (!sockets.canOpen(key)) throw tooManyRequests(HELLO_TIMEOUT_MS / 1000);
      const connection = new PartyConnection(edge, key);
      if (!current.upgrade(request, { data: connection })) throw new NotFoundError();
    })
    .onStop(stopAll);
  // The dashboard's "Igra sada" shows how many rooms are open (docs/decisions/037); the idle tidy
  // counts the sockets' messages as activity (src/http/idle-tidy.ts).
  return Object.assign(routes, { roomsOpen: () => hub.rooms.size, messagesReceived: () => edge.messages });
}
