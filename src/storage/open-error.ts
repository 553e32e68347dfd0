/**
 * The database could not be opened, migrated or checked. Its message is the one
 * line an operator reads: the path and what SQLite said (docs/decisions/012).
 */
export class DatabaseOpenError extends Error {
  constructor(path: string, problem: string) {
    super(`cannot use the database ${path}: ${problem}`);
    this.name = 'DatabaseOpenError';
  }
}

export const sqliteMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
