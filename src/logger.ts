import type { LogLevel } from './config';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** No log line is longer: a client must never choose the size of our log (docs/decisions/012). */
export const MAX_LINE_BYTES = 2048;
const MAX_FIELD_CHARS = 256;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Written whatever LOG_LEVEL says: what the operator must see once (a generated password). */
  always(message: string, fields?: Record<string, unknown>): void;
}

const cut = (value: unknown) =>
  typeof value === 'string' && value.length > MAX_FIELD_CHARS ? `${value.slice(0, MAX_FIELD_CHARS)}…` : value;

/** The JSON line of an entry, its long fields cut so that it fits MAX_LINE_BYTES. */
export function formatLine(entry: Record<string, unknown>): string {
  const line = JSON.stringify(entry);
  if (Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  const shortened = JSON.stringify({
    ...Object.fromEntries(
      Object.entries(entry).map(([k, v]) => [k, cut(typeof v === 'object' ? JSON.stringify(v) : v)]),
    ),
    truncated: true,
  });
  return Buffer.byteLength(shortened) <= MAX_LINE_BYTES
    ? shortened
    : JSON.stringify({ time: entry.time, level: entry.level, msg: cut(entry.msg), truncated: true });
}

/**
 * Standard error, written once per turn of the event loop: under load the request
 * log costs one write for many requests instead of one each (measured on the quiz
 * path, docs/performance.md). What is pending is written when the process exits.
 */
function stderrByTurn(): (line: string) => void {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const out = pending;
    pending = '';
    process.stderr.write(out);
  };
  process.on('exit', flush);
  return (line) => {
    if (pending === '') setImmediate(flush);
    pending += `${line}\n`;
  };
}

/** One JSON object per line on stderr (journald and log shippers read it as is). */
export function createLogger(level: LogLevel, write: (line: string) => void = stderrByTurn()): Logger {
  const entry = (lvl: LogLevel, message: string, fields: Record<string, unknown>) =>
    formatLine({ time: new Date().toISOString(), level: lvl, msg: message, ...fields });
  const at =
    (lvl: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return;
      write(entry(lvl, message, fields));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    always: (message, fields = {}) => write(entry('warn', message, fields)),
  };
}

export const silentLogger: Logger = createLogger('error', () => {});
