/**
 * The one line a command prints for an error it did not expect (docs/decisions/012): never a
 * stack with pages of bundled source. A database fault — a damaged page, a full disk, a
 * dropped connection — names the database and says what to do; anything else names the
 * command. `LOG_LEVEL=debug` adds the stack for whoever is debugging.
 */
export function faultLine(error: unknown, command: string, database: string | undefined): string {
  // Drizzle wraps the driver's error ("Failed query: <the SQL>"): what the database said is its cause.
  const cause = error instanceof Error ? error.cause : undefined;
  if (isDatabaseFault(cause)) return faultLine(cause, command, database);
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (database !== undefined && isDatabaseFault(error)) {
    const advice = /malformed|corrupt|not a database|disk image/i.test(message)
      ? '; the file is damaged: restore it from a backup (docs/deploy.md)'
      : /full|SQLITE_FULL|ENOSPC/i.test(message)
        ? '; the disk is full: free space and try again'
        : '';
    return `kviz: cannot use the database ${database}: ${message}${advice}`;
  }
  return `kviz: ${command} failed: ${message}`;
}

/** An error from SQLite (bun:sqlite's SQLiteError, SQLITE_* codes) or PostgreSQL (Bun.SQL's errors). */
function isDatabaseFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  return (
    error.name === 'SQLiteError' ||
    error.name === 'PostgresError' ||
    code.startsWith('SQLITE_') ||
    code.startsWith('ERR_POSTGRES_') ||
    /^(?:ENOSPC|EIO|EROFS)$/.test(code)
  );
}

const oneLine = (text: string) => {
  const first = text.split('\n')[0]!.trim();
  return first.length > 300 ? `${first.slice(0, 300)}…` : first;
};
