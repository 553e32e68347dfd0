/**
 * The only reader of the environment (docs/decisions/001-configuration.md).
 * Every variable is parsed and validated once at start; a bad value stops the
 * process with a message naming the variable. The README table is generated
 * from `configVariables`, so the documentation cannot drift from the code.
 */
import { resolve } from 'node:path';
import { isAddressRange } from './http/address';
import { ROOM_CODE_ALPHABET } from './shared/contracts/party';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

interface Variable<K extends string, T> {
  name: string;
  /** The property of `Config` that holds the parsed value. */
  key: K;
  /** The raw default; undefined when the default is worked out from other variables (SITE_URL). */
  default: string | undefined;
  meaning: string;
  parse: (raw: string, name: string) => T;
}

const integer =
  (min: number, max: number) =>
  (raw: string, name: string): number => {
    if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be an integer, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max)
      throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
    return value;
  };

const nonEmpty = (raw: string, name: string): string => {
  const value = raw.trim();
  if (value === '') throw new ConfigError(name, 'must not be empty');
  return value;
};

const url =
  (protocols: string[] | 'any') =>
  (raw: string, name: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, `must be an absolute URL, got "${raw}"`);
    }
    if (protocols !== 'any' && !protocols.includes(parsed.protocol)) {
      throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${raw}"`);
    }
    return raw.replace(/\/+$/, '');
  };

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string, name: string): T => {
    const match = values.find((v) => v.toLowerCase() === raw.trim().toLowerCase());
    if (!match) throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
    return match;
  };

/** Symbols of the room-code alphabet, each once; empty means all of them. */
const codePrefixes = (raw: string, name: string): string => {
  const value = raw.trim().toUpperCase();
  if (value === '') return ROOM_CODE_ALPHABET;
  for (const symbol of value)
    if (!ROOM_CODE_ALPHABET.includes(symbol))
      throw new ConfigError(name, `must use only the room-code symbols ${ROOM_CODE_ALPHABET}, got "${raw}"`);
  if (new Set(value).size !== value.length) throw new ConfigError(name, `names a symbol twice: "${raw}"`);
  return value;
};

const boolean = (raw: string, name: string): boolean => {
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
};

const timezone = (raw: string, name: string): string => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw });
  } catch {
    throw new ConfigError(name, `must be an IANA time zone such as Europe/Zagreb, got "${raw}"`);
  }
  return raw;
};

const addressRanges = (raw: string, name: string): string[] => {
  const ranges = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const range of ranges)
    if (!isAddressRange(range))
      throw new ConfigError(name, `must be IP addresses or CIDR ranges separated by commas, got "${range}"`);
  return ranges;
};

/** `*`, or web origins (`https://example.org`, no path) separated by commas; empty: none. */
const origins = (raw: string, name: string): string[] => {
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (list.includes('*')) {
    if (list.length > 1) throw new ConfigError(name, 'must be `*` alone or a list of origins');
    return ['*'];
  }
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin)
      throw new ConfigError(
        name,
        `must be origins such as https://example.org (scheme, host and port only), got "${origin}"`,
      );
  }
  return list;
};

const optionalSecret =
  (minLength: number) =>
  (raw: string, name: string): string | undefined => {
    if (raw === '') return undefined;
    if (raw.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters long`);
    return raw;
  };

/** A PostgreSQL connection URL, or undefined when unset; an error never echoes it (it holds a password). */
const postgresUrl = (raw: string, name: string): string | undefined => {
  if (raw.trim() === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw.trim());
  } catch {}
  if (!parsed || !['postgres:', 'postgresql:'].includes(parsed.protocol) || parsed.hostname === '')
    throw new ConfigError(name, 'must be a URL like postgres://user:password@host:5432/database');
  // Bun's client ignores a pool size or timeout in the URL: refused here rather than silently
  // ignored (issue 31), pointing at the variables that set them.
  for (const [param, variableName] of POOL_PARAMS)
    if (parsed.searchParams.has(param))
      throw new ConfigError(name, `must not set ?${param}=: use ${variableName} instead`);
  const prepare = parsed.searchParams.get('prepare');
  if (prepare !== null && prepare !== 'true' && prepare !== 'false')
    throw new ConfigError(name, `has prepare=${prepare}; it must be true or false`);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode !== null && !SSL_MODES.includes(sslmode))
    throw new ConfigError(name, `has sslmode=${sslmode}; it must be one of ${SSL_MODES.join(', ')}`);
  return raw.trim();
};

/** URL parameters other clients read for the pool, which Bun's client ignores, and the variable that sets each. */
const POOL_PARAMS = [
  ['max', 'DATABASE_POOL_MAX'],
  ['pool_max', 'DATABASE_POOL_MAX'],
  ['connect_timeout', 'DATABASE_CONNECT_TIMEOUT_SECONDS'],
  ['connection_timeout', 'DATABASE_CONNECT_TIMEOUT_SECONDS'],
] as const;

/** The `sslmode` values Bun's client accepts (libpq's names); another one would throw at the first connection. */
const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

/** The URL without its password, for logs and messages. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function variable<K extends string, T>(v: Variable<K, T>): Variable<K, T> {
  return v;
}

/** Every environment variable the product reads, in the order of the README table. */
export const configVariables = [
  variable({
    name: 'PORT',
    key: 'port',
    default: '3000',
    meaning: 'TCP port to listen on (0 picks a free port).',
    parse: integer(0, 65535),
  }),
  variable({
    name: 'HOST',
    key: 'host',
    default: '0.0.0.0',
    meaning: 'Interface to listen on; `127.0.0.1` when a reverse proxy runs on the same machine.',
    parse: nonEmpty,
  }),
  variable({
    name: 'DATABASE_URL',
    key: 'databaseUrl',
    default: '',
    meaning:
      'PostgreSQL (14 or newer) instead of SQLite: `postgres://user:password@host:5432/database`, with `?sslmode=require` (or `verify-full`, …) for TLS, `application_name=…` and `prepare=false` (PgBouncer in transaction mode) honoured. Several instances may share it (docs/deploy.md); `DATABASE_PATH` and `SQLITE_SYNCHRONOUS` are then unused.',
    parse: postgresUrl,
  }),
  variable({
    name: 'DATABASE_POOL_MAX',
    key: 'databasePoolMax',
    default: '10',
    meaning:
      'PostgreSQL: the most connections `kviz serve` opens (its reads and writes share them); every other command uses one. Size `max_connections` for the sum over instances (docs/deploy.md#connections-and-pgbouncer).',
    parse: integer(1, 1000),
  }),
  variable({
    name: 'DATABASE_CONNECT_TIMEOUT_SECONDS',
    key: 'databaseConnectTimeoutSeconds',
    default: '10',
    meaning:
      'PostgreSQL: how long opening one connection may take before the request or command fails (503 for a request).',
    parse: integer(1, 300),
  }),
  variable({
    name: 'MIGRATE_ON_START',
    key: 'migrateOnStart',
    default: 'true',
    meaning:
      '`true`: `kviz serve` and every command apply pending migrations of the database first (one log line each). `false`: none does; a database with pending migrations is refused until `kviz migrate up` (docs/deploy.md).',
    parse: boolean,
  }),
  variable({
    name: 'DATABASE_PATH',
    key: 'databasePath',
    default: 'data/kviz.db',
    meaning:
      'SQLite database file, relative to the working directory; parent folders are created. `:memory:` for a throw-away database.',
    parse: (raw, name) => {
      const value = nonEmpty(raw, name);
      return value === ':memory:' ? value : resolve(value);
    },
  }),
  variable({
    name: 'SQLITE_SYNCHRONOUS',
    key: 'sqliteSynchronous',
    default: 'NORMAL',
    meaning:
      '`NORMAL` (WAL: durable across process crashes) or `FULL` (also across power loss, slower writes).',
    parse: oneOf(['NORMAL', 'FULL'] as const),
  }),
  variable({
    name: 'SITE_URL',
    key: 'siteUrl',
    default: undefined,
    meaning:
      'Public address of the site, used in share links and social previews. Default `http://localhost:PORT`.',
    parse: url(['http:', 'https:']),
  }),
  variable({
    name: 'STATS_TIMEZONE',
    key: 'statsTimezone',
    default: 'Europe/Zagreb',
    meaning:
      'IANA time zone of the day and hour-of-day statistics (a change applies to plays recorded after it).',
    parse: timezone,
  }),
  variable({
    name: 'ADMIN_USERNAME',
    key: 'adminUsername',
    default: 'admin',
    meaning: 'Administrator user name (HTTP Basic).',
    parse: nonEmpty,
  }),
  variable({
    name: 'ADMIN_PASSWORD',
    key: 'adminPassword',
    default: '',
    meaning:
      'Administrator password (at least 8 characters). Unset: the first start generates one, prints it once and keeps only its hash; `kviz admin password` sets a new one.',
    parse: optionalSecret(8),
  }),
  variable({
    name: 'QUIZ_TOKEN_SECRET',
    key: 'quizTokenSecret',
    default: '',
    meaning:
      'HMAC key (at least 32 characters) that signs quiz tokens. Unset: generated once and kept in the database.',
    parse: optionalSecret(32),
  }),
  variable({
    name: 'QUIZ_TOKEN_TTL_SECONDS',
    key: 'quizTokenTtlSeconds',
    default: '7200',
    meaning: 'How long a quiz can be submitted after it was fetched.',
    parse: integer(60, 7 * 24 * 3600),
  }),
  variable({
    name: 'CREATOR_NAME',
    key: 'creatorName',
    default: 'Kviz znanja',
    meaning: 'Name shown in the footer credit.',
    parse: nonEmpty,
  }),
  variable({
    name: 'CREATOR_URL',
    key: 'creatorUrl',
    default: 'https://www.instagram.com/kvizznanja',
    meaning: 'Web address of the creator profile (desktop, and mobile fallback).',
    parse: url(['http:', 'https:']),
  }),
  variable({
    name: 'CREATOR_APP_URL',
    key: 'creatorAppUrl',
    default: 'instagram://user?username=kvizznanja',
    meaning: 'Native-app link tried first on mobile devices.',
    parse: url('any'),
  }),
  variable({
    name: 'TRUSTED_PROXIES',
    key: 'trustedProxies',
    default: '',
    meaning:
      'Comma-separated addresses or CIDR ranges of reverse proxies (e.g. `127.0.0.1,::1` or `10.0.0.0/8`). Only when the socket peer is one of them is `X-Forwarded-For` read, right to left, skipping trusted hops. Empty: the socket address is the client.',
    parse: addressRanges,
  }),
  variable({
    name: 'TRUST_PROXY',
    key: 'trustProxy',
    default: 'false',
    meaning:
      '`true` is a synonym for `TRUSTED_PROXIES=127.0.0.1,::1` (a proxy on the same machine); kept for existing set-ups.',
    parse: boolean,
  }),
  variable({
    name: 'RATE_LIMIT_QUIZ_PER_MINUTE',
    key: 'rateLimitQuizPerMinute',
    default: '300',
    meaning: 'Quiz fetches allowed per client address per minute (a class of 30 behind one address fits).',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'RATE_LIMIT_SUBMIT_PER_MINUTE',
    key: 'rateLimitSubmitPerMinute',
    default: '120',
    meaning: 'Quiz submissions allowed per client address per minute.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'RATE_LIMIT_SHARE_PER_MINUTE',
    key: 'rateLimitSharePerMinute',
    default: '30',
    meaning:
      'Share-button presses counted per client address per minute (POST /api/share, docs/decisions/040); more get 429 and are not counted. Kept in each process, also on PostgreSQL: a press costs no database write.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'RATE_LIMIT_SUBMIT_PER_HOUR',
    key: 'rateLimitSubmitPerHour',
    default: '120',
    meaning: 'Quiz submissions allowed per client address per hour (a class of 30 playing 4 games each).',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'RATE_LIMIT_DAILY_RANKED_PER_ADDRESS',
    key: 'rateLimitDailyRankedPerAddress',
    default: '10',
    meaning:
      'Daily-challenge plays per client address and day that count in the day’s ranking; later ones from that address are recorded as practice (unranked). One address cannot push the day’s percentiles with dozens of session ids.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'PLAY_MIN_SECONDS',
    key: 'playMinSeconds',
    default: '30',
    meaning:
      'No play counts as finished sooner than this after its quiz was fetched: one submitted sooner is recorded at once, as of that time; 30 lines take a person longer. 0 disables.',
    parse: integer(0, 3600),
  }),
  variable({
    name: 'REQUEST_TIMEOUT_SECONDS',
    key: 'requestTimeoutSeconds',
    default: '30',
    meaning: 'A request body must arrive whole within this time, or the request is answered 408.',
    parse: integer(1, 3600),
  }),
  variable({
    name: 'RATE_LIMIT_ADMIN_FAILURES',
    key: 'rateLimitAdminFailuresPer15Minutes',
    default: '10',
    meaning: 'Failed admin sign-ins allowed per client address per 15 minutes.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'PARTY_MAX_PLAYERS',
    key: 'partyMaxPlayers',
    default: '5000',
    meaning: 'Kviz uživo: the most players one room takes (docs/decisions/031-live-game.md).',
    parse: integer(1, 100_000),
  }),
  variable({
    name: 'PARTY_MAX_ROOMS',
    key: 'partyMaxRooms',
    default: '200',
    meaning: 'Kviz uživo: the most rooms open at once in one process; a room closes after 30 idle minutes.',
    parse: integer(1, 100_000),
  }),
  variable({
    name: 'PARTY_MAX_SOCKETS_PER_ADDRESS',
    key: 'partyMaxSocketsPerAddress',
    default: '1000',
    meaning:
      'Kviz uživo: the most sockets one client address (an IPv6 /64) may hold open at once, in rooms or not; more are refused (429). A venue with more players behind one address raises it.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'PARTY_CODE_PREFIXES',
    key: 'partyCodePrefixes',
    default: '',
    meaning:
      'Kviz uživo with several instances: the first symbols of the room codes this instance creates and owns (e.g. `ABCDEFGHJKLMNPQR` on one, `STUVWXYZ23456789` on the other); the proxy routes `/api/uzivo/ws?kod=CODE` by that symbol (docs/deploy.md). Empty: every symbol (one instance).',
    parse: codePrefixes,
  }),
  variable({
    name: 'RATE_LIMIT_PARTY_ROOMS_PER_HOUR',
    key: 'rateLimitPartyRoomsPerHour',
    default: '20',
    meaning: 'Kviz uživo rooms one client address may create per hour.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'RATE_LIMIT_PARTY_JOINS_PER_MINUTE',
    key: 'rateLimitPartyJoinsPerMinute',
    default: '600',
    meaning:
      'Kviz uživo joins allowed per client address per minute, rejoins and host returns counted too (failed or not): a venue behind one address joins and reconnects at this rate.',
    parse: integer(1, 1_000_000),
  }),
  variable({
    name: 'CORS_ORIGINS',
    key: 'corsOrigins',
    default: '',
    meaning:
      'Web origins (comma-separated, e.g. `https://example.org`) whose pages may call the public API from the browser: the statistics reads and the quiz/submit pair, never `/api/admin/*`. `*` allows every origin. Empty: no cross-origin access.',
    parse: origins,
  }),
  variable({
    name: 'STATS_CACHE_MAX_AGE_SECONDS',
    key: 'statsCacheMaxAgeSeconds',
    default: '5',
    meaning:
      'How long clients and shared caches may reuse a public statistics answer without asking again (`Cache-Control: public, max-age=N`); after that a request with `If-None-Match` gets 304 while nothing changed. 0: always ask.',
    parse: integer(0, 86_400),
  }),
  variable({
    name: 'LOG_LEVEL',
    key: 'logLevel',
    default: 'info',
    meaning: '`debug`, `info`, `warn` or `error`.',
    parse: oneOf(['debug', 'info', 'warn', 'error'] as const),
  }),
] as const;

type Variables = (typeof configVariables)[number];

/** The parsed configuration: one property per variable of the table, typed by its parser. */
export type Config = { [V in Variables as V['key']]: ReturnType<V['parse']> };

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env): Config {
  const parsed = configVariables.map((v) => {
    const raw = env[v.name] ?? v.default;
    return [v.key, raw === undefined ? undefined : v.parse(raw, v.name)] as const;
  });
  // Object.fromEntries cannot type a heterogeneous object; Config is derived from the same table
  // the entries come from, so no property can be missing or mistyped.
  const config = Object.fromEntries(parsed) as Config;
  config.siteUrl ??= `http://localhost:${config.port}`;
  return config;
}
