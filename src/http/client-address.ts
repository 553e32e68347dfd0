import type { Server } from 'bun';
import { Elysia } from 'elysia';

/**
 * The client's address, the key of the rate limits. Behind a reverse proxy
 * (TRUST_PROXY=true) it is the last X-Forwarded-For entry: the one our own
 * proxy appended, which a client cannot forge. Without a trusted proxy the
 * header is ignored and the socket address is used.
 */
export function clientAddressOf(
  request: Request,
  server: Server<unknown> | null | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return server?.requestIP(request)?.address ?? 'local';
}

/** `clientAddress` on every request's context: the one place it is worked out. */
export const clientAddress = (trustProxy: boolean) =>
  new Elysia({ name: 'client-address', seed: trustProxy }).derive(
    { as: 'global' },
    ({ request, server }) => ({
      clientAddress: clientAddressOf(request, server, trustProxy),
    }),
  );
