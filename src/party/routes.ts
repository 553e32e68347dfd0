import type { Server } from 'bun';
import { Elysia } from 'elysia';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { createAddressMatcher } from '../http/address';
import { clientAddressOf } from '../http/client-address';
import { createRateLimiter } from '../http/rate-limit';
import type { DifficultySelection } from '../quiz/difficulty-selection';
import { PARTY_SOCKET_PATH } from '../shared/contracts/party';
import type { TimerClock } from './clock';
import type { FinishedGame } from './game';
import { createPartyHub, type PartySession } from './hub';
import { drawPartyLines } from './lines';
import { PartyRooms } from './rooms';

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
  /** PARTY_CODE_PREFIXES: the first symbols of the codes this instance owns. */
  codePrefixes: string;
  /** Told when a socket names another instance's room (the proxy's map is wrong). */
  onMisrouted?: (code: string) => void;
  onFinished?: (game: FinishedGame) => void;
}

/**
 * Kviz uživo's WebSocket (docs/decisions/031-live-game.md): one socket per screen; Bun's pub/sub
 * fans a room's messages out (`r:CODE` to everyone in it, `h:CODE` to its host screens).
 */
export function partyRoutes(deps: PartyRoutesDeps) {
  const { clock } = deps;
  let server: Server<unknown> | null = null;
  const isTrusted = createAddressMatcher(deps.trustedProxies);
  const hub = createPartyHub(
    {
      nowMs: clock.nowMs,
      publish: (topic, text) => {
        server?.publish(topic, text);
      },
      createLimiter: createRateLimiter(deps.roomsPerHour, 3_600_000, clock.nowMs),
      joinLimiter: createRateLimiter(deps.joinsPerMinute, 60_000, clock.nowMs),
      onMisrouted: deps.onMisrouted,
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
  // The client's address is known at the upgrade (from the request), the socket's session after it.
  const addresses = new WeakMap<Request, string>();
  const sessions = new WeakMap<object, PartySession>();
  const routes = new Elysia({ name: 'party-routes', detail: { hide: true } })
    .ws(PARTY_SOCKET_PATH, {
      beforeHandle({ request, server: current }) {
        server ??= current;
        addresses.set(request, clientAddressOf(request, current, isTrusted));
      },
      open(ws) {
        const address = addresses.get(ws.data.request) ?? '127.0.0.1';
        sessions.set(ws.raw, hub.open(ws.raw, address));
      },
      async message(ws, message) {
        const session = sessions.get(ws.raw);
        if (session) await hub.message(session, message);
      },
      close(ws) {
        const session = sessions.get(ws.raw);
        if (session) hub.close(session);
      },
    })
    .onStop(() => hub.rooms.closeAll());
  // The dashboard's "Igra sada" shows how many rooms are open (docs/decisions/037).
  return Object.assign(routes, { roomsOpen: () => hub.rooms.size });
}
