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

/**
 * A strong entity tag of some content: 128 bits of its SHA-256, so equal content has equal
 * tags across restarts and processes, and different content never shares one in practice.
 */
function strongEtag(content: string | Bytes): string {
  const digest = new Bun.CryptoHasher('sha256').update(content).digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}

/** A JSON value encoded once, with the strong ETag of its text. */
export function encodeJson(value: unknown): EncodedBody {
  const text = JSON.stringify(value);
  return encodeBody(text, strongEtag(text));
}

/** A body whose compressed forms were made at build time. */
export function precompressedBody(
  raw: Bytes,
  forms: { gzip?: Bytes; brotli?: Bytes; etag?: string },
): EncodedBody {
  return { raw, brotli: forms.brotli, etag: forms.etag, gzipped: () => forms.gzip };
}

type Coding = 'br' | 'gzip';

/** Parsed Accept-Encoding values: browsers send a handful of distinct ones, so each is parsed once. */
const acceptedCache = new Map<string, Record<Coding, number>>();

/**
 * The weight (q) a client gives each coding we can send (RFC 9110 §12.5.3): names compared
 * without case, `x-gzip` as `gzip`, `*` for a coding not named, `q=0` meaning "not acceptable".
 */
function acceptedCodings(header: string): Record<Coding, number> {
  let weights = acceptedCache.get(header);
  if (weights) return weights;
  const named: Partial<Record<string, number>> = {};
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((x) => x.trim().toLowerCase());
      if (key === 'q') q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    named[name === 'x-gzip' ? 'gzip' : name] = q;
  }
  const any = named['*'] ?? 0;
  weights = { br: named.br ?? any, gzip: named.gzip ?? any };
  if (acceptedCache.size >= 256) acceptedCache.clear();
  acceptedCache.set(header, weights);
  return weights;
}

/** `"abc"` → `"abc-gzip"`: each content coding is its own representation, with its own strong tag. */
const codedTag = (etag: string, coding: string) => `${etag.slice(0, -1)}-${coding}"`;

/**
 * If-None-Match (RFC 9110 §13.1.2, weak comparison) against the tags of this body: its own and
 * those of its compressed forms, which all stand for the same content.
 */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.slice(1, -1);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === `"${opaque}-gzip"` || tag === `"${opaque}-br"`;
  });
}

/**
 * What a route handler's context gives `sendBody`: the request and the headers set so far.
 * Handlers destructure these two: Elysia reads a handler's parameter list to decide what to
 * build, and a handler passing its whole context on gets cookies parsed too (and a copied
 * Response for them).
 */
export interface Exchange {
  request: Request;
  set: { headers: Record<string, string | number> };
}

/**
 * Sends `body` in the best encoding the client accepts, or 304 when its tag matches. The headers
 * set so far (the security headers, an admin read's private caching) go into the Response, under
 * `headers`, and `set` is left empty: otherwise Elysia copies the Response once more to merge
 * them (`mergeHeaders`: docs/decisions/027, docs/performance.md#figures-behind-code-comments).
 */
export function sendBody(
  body: EncodedBody,
  { request, set }: Exchange,
  headers: Record<string, string>,
  status = 200,
): Response {
  const vary = headers.vary ? `Accept-Encoding, ${headers.vary}` : 'Accept-Encoding';
  const all: Record<string, string> = { ...(set.headers as Record<string, string>), ...headers, vary };
  set.headers = {};
  const accepted = acceptedCodings(request.headers.get('accept-encoding') ?? '');
  // Brotli when it is at least as welcome as gzip (it is smaller); never a coding weighted 0.
  const br = body.brotli && accepted.br > 0 && accepted.br >= accepted.gzip ? body.brotli : undefined;
  const gzip = br ? undefined : accepted.gzip > 0 ? body.gzipped() : undefined;
  const coding = br ? 'br' : gzip ? 'gzip' : undefined;
  if (body.etag) {
    all.etag = coding ? codedTag(body.etag, coding) : body.etag;
    if (matches(request.headers.get('if-none-match'), body.etag))
      return new Response(null, { status: 304, headers: all });
  }
  if (coding) all['content-encoding'] = coding;
  return new Response(shared(br ?? gzip ?? body.raw), { status, headers: all });
}

/** Each encoded form as a Blob, made once: see `shared`. */
const blobs = new WeakMap<Bytes, Blob>();

/**
 * A Response made from bytes copies them (Bun keeps the body safe from a later change of the
 * array); one made from a Blob shares its store. These bodies never change, so each is turned
 * into a Blob once, and a request costs no copy of the page or statistics it sends.
 */
function shared(bytes: Bytes): Blob {
  let blob = blobs.get(bytes);
  if (!blob) {
    blob = new Blob([bytes]);
    blobs.set(bytes, blob);
  }
  return blob;
}
