import { eq, sql } from 'drizzle-orm';
import type { MetaStore } from '../contract';
import type { Db } from './client';
import { prepare } from './prepared';
import { meta } from './schema';

export function readMeta(db: Db, key: string): string | undefined {
  return db.select().from(meta).where(eq(meta.key, key)).get()?.value;
}

function writeMeta(db: Db, key: string, value: string): void {
  db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  remembered.get(db)?.clear();
}

/** The stored value, or a new one created and kept (never overwritten once set: concurrent starts agree). */
function readOrCreateMeta(db: Db, key: string, create: () => string): string {
  db.insert(meta).values({ key, value: create() }).onConflictDoNothing().run();
  remembered.get(db)?.clear();
  return readMeta(db, key)!;
}

/** Values read through `sqliteMeta`, per connection; this module's writes on that connection clear them. */
const remembered = new WeakMap<Db, Map<string, string | undefined>>();

/**
 * Read on every admin request (the unlock marker, the stored password hash), so read from memory
 * while the database is unchanged: this connection's meta writes all pass through this module
 * and clear the memory; another connection's commit (`kviz admin unlock|password`, another
 * process) moves `PRAGMA data_version`, asked at most once a millisecond — the same rule as the
 * statistics version (src/storage/sqlite/stats-version.ts). Building and preparing the query on
 * every request was half of an admin read (docs/performance.md#figures-behind-code-comments).
 */
export function sqliteMeta(db: Db): MetaStore {
  const select = prepare<{ value: string }>(
    db,
    db
      .select({ value: meta.value })
      .from(meta)
      .where(eq(meta.key, sql.placeholder('key'))),
  );
  const dataVersion = db.$client.prepare<{ data_version: number }, []>('PRAGMA data_version');
  const values = remembered.get(db) ?? new Map<string, string | undefined>();
  remembered.set(db, values);
  let seenVersion = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return {
    read: async (key) => {
      const now = performance.now();
      if (now - checkedAt >= 1) {
        checkedAt = now;
        const version = dataVersion.get()!.data_version;
        if (version !== seenVersion) values.clear();
        seenVersion = version;
      }
      if (values.has(key)) return values.get(key);
      const value = select.get({ key })?.value ?? undefined;
      values.set(key, value);
      return value;
    },
    write: async (key, value) => writeMeta(db, key, value),
    readOrCreate: async (key, create) => readOrCreateMeta(db, key, create),
  };
}

/**
 * The meta store of a serving process (docs/decisions/035): read here, written by the writer's
 * thread (`write`: the writer's own store of it), which forgets the values read here once a
 * write is done, so the next read sees it.
 */
export function sqliteMetaWrittenBy(
  db: Db,
  write: (key: string, value: string, keep: boolean) => Promise<string>,
): MetaStore {
  const reads = sqliteMeta(db);
  return {
    read: reads.read,
    write: async (key, value) => {
      await write(key, value, false);
      remembered.get(db)?.clear();
    },
    readOrCreate: async (key, create) => {
      const stored = await write(key, create(), true);
      remembered.get(db)?.clear();
      return stored;
    },
  };
}
