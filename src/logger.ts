import { writeSync } from 'node:fs';
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
function formatLine(entry: Record<string, unknown>): string {
  const line = JSON.stringify(entry);
  // A UTF-16 unit is at most 3 bytes of UTF-8: most lines fit without being measured.
  if (line.length * 3 <= MAX_LINE_BYTES || Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
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

/** The message of the request log's lines (src/http/request-log.ts): the only lines that wait. */
export const REQUEST_MESSAGE = 'request';

/** How long a log line may wait in memory before it is written (a crash loses at most this much). */
const LOG_FLUSH_MS = 100;
/** Pending characters that are written at once, without waiting for the timer. */
const LOG_FLUSH_CHARS = 64 * 1024;

/**
 * Request lines collected in memory and handed to `sink` together: when LOG_FLUSH_MS passed
 * since the first pending line, when LOG_FLUSH_CHARS are pending, at `flush()` (the process's
 * exit), and before any other line (written at once, so "listening", warnings and errors are
 * never late and the order of lines is kept). Under load the request log costs one write per
 * tenth of a second instead of one per request or per turn of the event loop (measured on the
 * quiz path, docs/decisions/026).
 */
export function createBufferedWriter(
  sink: (text: string) => void,
  { intervalMs = LOG_FLUSH_MS, maxChars = LOG_FLUSH_CHARS } = {},
): { write: (line: string, batch?: boolean) => void; flush: () => void } {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const out = pending;
    pending = '';
    sink(out);
  };
  return {
    write: (line, batch = false) => {
      pending += `${line}\n`;
      if (!batch || pending.length >= maxChars) flush();
      else if (timer === undefined) {
        timer = setTimeout(flush, intervalMs);
        // A pending line never keeps the process alive: the exit handler writes it.
        timer.unref?.();
      }
    },
    flush,
  };
}

/**
 * Writes to standard error synchronously, so that nothing is still queued when the process
 * exits (`process.exit` drops what a stream has queued; logger.test.ts exits right after
 * logging). A non-blocking stderr that is full (EAGAIN) gets the rest through the stream.
 */
function writeStderr(text: string): void {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(2, bytes, written);
  } catch {
    process.stderr.write(bytes.subarray(written));
  }
}

/** Standard error, buffered (createBufferedWriter); what is pending is written when the process exits. */
function bufferedStderr(): (line: string, batch?: boolean) => void {
  const { write, flush } = createBufferedWriter(writeStderr);
  process.on('exit', flush);
  return write;
}

/** One JSON object per line on stderr (journald and log shippers read it as is). */
export function createLogger(
  level: LogLevel,
  // `batch`: the line may wait (the request log's lines, see createBufferedWriter).
  write: (line: string, batch?: boolean) => void = bufferedStderr(),
): Logger {
  // The time of the last line, reused by the lines of the same millisecond (many, under load).
  let lastMs = Number.NaN;
  let lastTime = '';
  const time = () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastTime = new Date(now).toISOString();
    }
    return lastTime;
  };
  const entry = (lvl: LogLevel, message: string, fields: Record<string, unknown>) =>
    formatLine({ time: time(), level: lvl, msg: message, ...fields });
  const at =
    (lvl: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return;
      write(entry(lvl, message, fields), message === REQUEST_MESSAGE);
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
