import type { LogLevel } from './config';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
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
  const at =
    (lvl: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('error', () => {});
