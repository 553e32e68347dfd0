import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  type ClientMessage,
  normalizeRoomCode,
  PARTY_CLOSE,
  PARTY_ROUTE_PARAM,
  PARTY_SOCKET_PATH,
  type ServerMessage,
} from '../../../src/shared/contracts/party';
import { applyPartyMessage, initialPartyView, type PartyView } from '../../lib/party-view';
import {
  HOST_KEY,
  PLAYER_KEY,
  readSeat,
  rememberRemoval,
  type Seat,
  withRemovedToken,
  writeSeat,
} from './seats';

/** Close codes after which reconnecting would not help. */
const FINAL_CLOSES: number[] = [
  PARTY_CLOSE.removed,
  PARTY_CLOSE.expired,
  PARTY_CLOSE.replaced,
  PARTY_CLOSE.malformed,
];

type Action = { message: ServerMessage; nowMs: number } | { reset: true };

/** The room a first message is for (a join, a rejoin, a host's return); a new room has none. */
const roomOf = (message: ClientMessage | null): string | undefined =>
  message && 'code' in message ? normalizeRoomCode(message.code) : undefined;

/**
 * The socket's URL names its room, so that a proxy in front of several instances sends it to the
 * room's instance (docs/decisions/031-live-game.md); a socket that creates a room goes anywhere.
 */
function socketUrl(room: string | undefined): string {
  const base = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PARTY_SOCKET_PATH}`;
  return room ? `${base}?${PARTY_ROUTE_PARAM}=${room}` : base;
}

/**
 * One socket to the game that comes back by itself: after a drop it reconnects (with a growing
 * pause) and sends `hello()` again — the stored token's rejoin — so a reload or a lost signal
 * keeps the room and the points.
 */
export function useParty(role: 'host' | 'player') {
  const key = role === 'host' ? HOST_KEY : PLAYER_KEY;
  const [view, dispatch] = useReducer(
    (state: PartyView, action: Action) =>
      'reset' in action ? initialPartyView : applyPartyMessage(state, action.message, action.nowMs),
    initialPartyView,
  );
  const [online, setOnline] = useState(false);
  /**
   * Whether this browser holds a seat in a room, so that the entry screen says it is connecting
   * rather than offering a new game. Kept beside the storage (read after hydration: the server
   * renders no seat), so that leaving the room ends it too.
   */
  const [seated, setSeated] = useState(false);
  const keepSeat = useCallback(
    (seat: Seat | undefined) => {
      writeSeat(key, seat);
      setSeated(seat !== undefined);
    },
    [key],
  );
  useEffect(() => setSeated(readSeat(key) !== undefined), [key]);
  const socket = useRef<WebSocket | null>(null);
  /** The room the open socket was routed for (undefined: none named). */
  const routed = useRef<string | undefined>(undefined);
  const pending = useRef<ClientMessage | null>(null);
  const stopped = useRef(false);
  /** Opens a socket for the pending message's room (or the stored seat's), replacing any other. */
  const reconnect = useRef<() => void>(() => {});

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'hosting') keepSeat({ code: message.code, token: message.hostToken });
      if (message.type === 'joined') keepSeat({ code: message.code, token: message.playerToken });
      const removed =
        (message.type === 'closed' && message.reason === 'removed') ||
        (message.type === 'error' && message.code === 'removed');
      const seat = readSeat(key);
      if (removed && seat) rememberRemoval(seat);
      // A seat the server no longer knows is dropped, so the entry form shows again (not for
      // room_elsewhere: the room may well be there once the proxy routes to it).
      const gone = ['token_invalid', 'room_not_found', 'removed'];
      if (message.type === 'error' && gone.includes(message.code))
        if (seat && pending.current === null) keepSeat(undefined);
      if (message.type === 'closed') keepSeat(undefined);
      dispatch({ message, nowMs: Date.now() });
    },
    [key, keepSeat],
  );

  useEffect(() => {
    stopped.current = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const room = roomOf(pending.current) ?? readSeat(key)?.code;
      // A phone has nothing to say before it knows its room: its socket waits for the code. A
      // screen with no message and no seat (a host choosing the game, a phone on the entry form
      // after a refused join) waits too: the server closes a socket that is in no room after 10 s.
      if (role === 'player' && room === undefined) return;
      if (pending.current === null && readSeat(key) === undefined) return;
      const ws = new WebSocket(socketUrl(room));
      socket.current = ws;
      routed.current = room;
      ws.onopen = () => {
        attempt = 0;
        setOnline(true);
        const seat = readSeat(key);
        const first = pending.current;
        pending.current = null;
        if (first) ws.send(JSON.stringify(first));
        else if (seat)
          ws.send(
            JSON.stringify(
              role === 'host'
                ? { type: 'host', code: seat.code, hostToken: seat.token }
                : { type: 'rejoin', code: seat.code, playerToken: seat.token },
            ),
          );
      };
      ws.onmessage = (event) => onMessage(JSON.parse(String(event.data)) as ServerMessage);
      ws.onclose = (event) => {
        if (socket.current !== ws) return; // replaced by a socket for another room
        setOnline(false);
        socket.current = null;
        if (stopped.current || FINAL_CLOSES.includes(event.code)) return;
        attempt++;
        timer = setTimeout(open, Math.min(5_000, 300 * 2 ** Math.min(attempt, 5)));
      };
    };
    reconnect.current = () => {
      clearTimeout(timer);
      const old = socket.current;
      socket.current = null;
      old?.close();
      attempt = 0;
      open();
    };
    open();
    return () => {
      stopped.current = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, [key, role, onMessage]);

  /**
   * Sends now, or as the first message once the socket is open. A first message for another room
   * than the socket was routed for (a phone's join) goes on a new socket routed for that room.
   */
  const send = useCallback((sent: ClientMessage) => {
    const message = withRemovedToken(sent);
    const ws = socket.current;
    const room = roomOf(message);
    const routedElsewhere = room !== undefined && room !== routed.current;
    if (ws && ws.readyState === WebSocket.OPEN && !routedElsewhere) return ws.send(JSON.stringify(message));
    pending.current = message;
    if (routedElsewhere || !ws) reconnect.current();
  }, []);

  /** Forgets the room (a new game): a fresh socket with no seat. */
  const leave = useCallback(() => {
    keepSeat(undefined);
    dispatch({ reset: true });
    socket.current?.close();
  }, [keepSeat]);

  return { view, online, seated, send, leave };
}
