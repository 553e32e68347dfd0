import { lookup } from 'node:dns/promises';

/** Bun's codes for a connection that never opened: its message says only "Failed to connect". */
const NOT_CONNECTED = new Set([
  'ERR_POSTGRES_CONNECTION_REFUSED',
  'ERR_POSTGRES_CONNECTION_TIMEOUT',
  'ERR_POSTGRES_CONNECTION_CLOSED',
]);

/**
 * The one line an operator reads when the database cannot be used: for a connection that never
 * opened, which host and port failed and how (a name that does not resolve, or a refusal or
 * timeout at the address); any other error's own message.
 */
export async function connectProblem(url: string, error: unknown): Promise<string> {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  const code = String((error as { code?: unknown })?.code ?? '');
  if (!NOT_CONNECTED.has(code)) return message;
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const where = `${host}:${port || '5432'}`;
  try {
    await lookup(host);
  } catch (dns) {
    return `the host "${host}" was not found (${(dns as { code?: string }).code ?? 'DNS lookup failed'})`;
  }
  if (code === 'ERR_POSTGRES_CONNECTION_TIMEOUT')
    return `${where} did not answer within DATABASE_CONNECT_TIMEOUT_SECONDS (${message})`;
  return `could not connect to ${where}: ${message} (is PostgreSQL running and listening there?)`;
}
