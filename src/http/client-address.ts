import type { Server } from 'bun';
import { Elysia } from 'elysia';
import { createAddressMatcher, parseAddress } from './address';

/** X-Forwarded-For entries read at most (right to left): a forged header cannot cost more than this. */
const MAX_HOPS = 16;

/**
 * The client's address, the key of the rate limits and of the admin lockout.
 * `X-Forwarded-For` is read only when the socket peer is a trusted proxy, right
 * to left, skipping trusted hops: the first untrusted entry is the client (an
 * entry a client wrote itself sits further left and is never reached). When an
 * entry on the way is not an IP address, the socket address is used, so a
 * forged value never becomes a key (docs/decisions/012-integrity.md).
 */
export function clientAddressOf(
  request: Request,
  server: Server<unknown> | null | undefined,
  isTrusted: (address: string) => boolean,
): string {
  // No socket: a request handled in process (app.handle), which comes from this machine.
  const peer = server?.requestIP(request)?.address ?? '127.0.0.1';
  // Bun reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d.
  const normalized = peer.startsWith('::ffff:') && peer.includes('.') ? peer.slice(7) : peer;
  if (!isTrusted(normalized)) return normalized;
  const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').slice(-MAX_HOPS);
  let client = normalized;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!.trim());
    if (!hop) return normalized;
    client = hop.toString();
    if (!isTrusted(client)) break;
  }
  return client;
}

/** The proxies TRUSTED_PROXIES names; TRUST_PROXY=true stands for a proxy on this machine. */
export const trustedProxyRanges = (config: { trustedProxies: string[]; trustProxy: boolean }) =>
  config.trustProxy ? [...config.trustedProxies, '127.0.0.1', '::1'] : config.trustedProxies;

/**
 * The derive that puts `clientAddress` on a request's context, for the routes that use it. The
 * rate limiter works the address out itself, for the limited routes only; both go through
 * `clientAddressOf`, the one place the rule lives.
 */
const deriveClientAddress = (trustedProxies: readonly string[]) => {
  const isTrusted = createAddressMatcher(trustedProxies);
  return ({ request, server }: { request: Request; server: Server<unknown> | null }) => ({
    clientAddress: clientAddressOf(request, server, isTrusted),
  });
};

/**
 * `clientAddress` on the context of the routes of the instance that uses this
 * plugin (scoped: pages and reads that never need it do not pay for it).
 */
export const clientAddress = (trustedProxies: readonly string[]) =>
  new Elysia({ name: 'client-address', seed: trustedProxies.join(',') }).derive(
    { as: 'scoped' },
    deriveClientAddress(trustedProxies),
  );
