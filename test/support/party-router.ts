/**
 * A small reverse proxy for tests, doing what docs/deploy.md tells Caddy and nginx to do in front
 * of several instances (docs/decisions/031-live-game.md): Kviz uživo's socket with `?kod=CODE`
 * goes to the instance whose PARTY_CODE_PREFIXES holds the code's first symbol (any case);
 * everything else (pages, assets, the API, a socket that creates a room) goes round the
 * instances in turn. It records where each request went.
 */
import type { ServerWebSocket } from 'bun';
import { PARTY_ROUTE_PARAM, PARTY_SOCKET_PATH } from '../../src/shared/contracts/party';

export interface Upstream {
  url: string;
  /** Its PARTY_CODE_PREFIXES. */
  prefixes: string;
}

export interface Routed {
  kind: 'http' | 'socket';
  path: string;
  kod: string | null;
  upstream: number;
}

interface Tunnel {
  upstream: WebSocket;
  /** What the browser sent before the upstream socket was open. */
  early: (string | Buffer)[];
}

/** Close codes a client may not send itself (1005, 1006, 1015): passed on as 1011. */
const sendable = (code: number) => (code === 1000 || (code >= 3000 && code <= 4999) ? code : 1011);

export function startPartyRouter(upstreams: Upstream[]) {
  const routed: Routed[] = [];
  let turn = 0;
  const roundRobin = () => turn++ % upstreams.length;
  const byCode = (kod: string | null) => {
    const first = kod?.trim()[0]?.toUpperCase();
    const owner = first ? upstreams.findIndex((u) => u.prefixes.includes(first)) : -1;
    return owner >= 0 ? owner : roundRobin();
  };

  const server = Bun.serve<{ target: string; tunnel?: Tunnel }, never>({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request, server) {
      const url = new URL(request.url);
      if (
        url.pathname === PARTY_SOCKET_PATH &&
        request.headers.get('upgrade')?.toLowerCase() === 'websocket'
      ) {
        const kod = url.searchParams.get(PARTY_ROUTE_PARAM);
        const upstream = byCode(kod);
        routed.push({ kind: 'socket', path: url.pathname, kod, upstream });
        const target = `${upstreams[upstream]!.url.replace(/^http/, 'ws')}${url.pathname}${url.search}`;
        if (server.upgrade(request, { data: { target } })) return undefined;
        return new Response('upgrade failed', { status: 400 });
      }
      const upstream = roundRobin();
      routed.push({
        kind: 'http',
        path: url.pathname,
        kod: url.searchParams.get(PARTY_ROUTE_PARAM),
        upstream,
      });
      const headers = new Headers(request.headers);
      // Bodies pass through untouched: no compression to undo on the way back.
      headers.set('accept-encoding', 'identity');
      headers.delete('host');
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      const answer = await fetch(`${upstreams[upstream]!.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
      });
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    },
    websocket: {
      open(ws: ServerWebSocket<{ target: string; tunnel?: Tunnel }>) {
        const upstream = new WebSocket(ws.data.target);
        const tunnel: Tunnel = { upstream, early: [] };
        ws.data.tunnel = tunnel;
        upstream.onopen = () => {
          for (const m of tunnel.early.splice(0)) upstream.send(m);
        };
        upstream.onmessage = (event) => ws.send(String(event.data));
        upstream.onclose = (event) => ws.close(sendable(event.code), event.reason);
      },
      message(ws, message) {
        const tunnel = ws.data.tunnel!;
        if (tunnel.upstream.readyState === WebSocket.OPEN) tunnel.upstream.send(message);
        else tunnel.early.push(message);
      },
      close(ws, code, reason) {
        ws.data.tunnel?.upstream.close(sendable(code), reason);
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    routed,
    stop: () => server.stop(true),
  };
}
