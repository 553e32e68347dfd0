/**
 * A response body encoded once: the UTF-8 bytes, and a gzip copy made the first
 * time a client accepts it. Cached pages and statistics (docs/decisions/010)
 * are served from these, so a request costs no rendering, serializing,
 * encoding or compressing.
 */
export interface EncodedBody {
  raw: Uint8Array<ArrayBuffer>;
  gzipped(): Uint8Array<ArrayBuffer>;
}

/** Below this size compression saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

export function encodeBody(text: string): EncodedBody {
  const raw = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  let gzip: Uint8Array<ArrayBuffer> | undefined;
  return { raw, gzipped: () => (gzip ??= Bun.gzipSync(raw)) };
}

export function sendBody(
  body: EncodedBody,
  request: Request,
  headers: Record<string, string>,
  status = 200,
): Response {
  const all = { ...headers, vary: 'Accept-Encoding' };
  if (body.raw.length >= COMPRESS_FROM_BYTES && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? ''))
    return new Response(body.gzipped(), { status, headers: { ...all, 'content-encoding': 'gzip' } });
  return new Response(body.raw, { status, headers: all });
}
