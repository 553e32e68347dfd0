import type { LogLevel } from './config';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stderr (journald and log shippers read it as is). */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const at =
    (lvl: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[lvl] < order[level]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('error', () => {});
