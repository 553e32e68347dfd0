/**
 * A response body encoded once, and the one way such bodies are sent: cached
 * pages and statistics (docs/decisions/010), the client assets and the API
 * docs' files. A request costs no rendering, serializing or compressing; the
 * best encoding the client accepts is chosen, and a matching ETag answers 304.
 */
type Bytes = Uint8Array<ArrayBuffer>;

export interface EncodedBody {
  raw: Bytes;
  /** The gzip form, made on first use or precompressed; undefined when not worth it. */
  gzipped(): Bytes | undefined;
  /** The brotli form, when one was precompressed. */
  brotli?: Bytes;
  /** A quoted entity tag, when the body is served with conditional requests. */
  etag?: string;
}

/** Below this size compression saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** A body compressed lazily: gzip made the first time a client accepts it. */
export function encodeBody(content: string | Bytes, etag?: string): EncodedBody {
  const raw = typeof content === 'string' ? (new TextEncoder().encode(content) as Bytes) : content;
  let gzip: Bytes | undefined;
  const worthIt = raw.length >= COMPRESS_FROM_BYTES;
  const gzipped = () => {
    if (worthIt) gzip ??= Bun.gzipSync(raw);
    return gzip;
  };
  return { raw, etag, gzipped };
}

/** A body whose compressed forms were made at build time. */
export function precompressedBody(
  raw: Bytes,
  forms: { gzip?: Bytes; brotli?: Bytes; etag?: string },
): EncodedBody {
  return { raw, brotli: forms.brotli, etag: forms.etag, gzipped: () => forms.gzip };
}

const accepts = (request: Request, encoding: 'br' | 'gzip') =>
  new RegExp(`\\b${encoding}\\b`).test(request.headers.get('accept-encoding') ?? '');

export function sendBody(
  body: EncodedBody,
  request: Request,
  headers: Record<string, string>,
  status = 200,
): Response {
  const all: Record<string, string> = { ...headers, vary: 'Accept-Encoding' };
  if (body.etag) {
    all.etag = body.etag;
    if (request.headers.get('if-none-match') === body.etag)
      return new Response(null, { status: 304, headers: all });
  }
  if (body.brotli && accepts(request, 'br'))
    return new Response(body.brotli, { status, headers: { ...all, 'content-encoding': 'br' } });
  const gzip = accepts(request, 'gzip') ? body.gzipped() : undefined;
  if (gzip) return new Response(gzip, { status, headers: { ...all, 'content-encoding': 'gzip' } });
  return new Response(body.raw, { status, headers: all });
}
