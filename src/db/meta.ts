import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { meta } from './schema';

export function readMeta(db: Db, key: string): string | undefined {
  return db.select().from(meta).where(eq(meta.key, key)).get()?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
}

/** The stored value, or a new one created and kept (never overwritten once set: concurrent starts agree). */
export function readOrCreateMeta(db: Db, key: string, create: () => string): string {
  db.insert(meta).values({ key, value: create() }).onConflictDoNothing().run();
  return readMeta(db, key)!;
}

/** The `meta` table of either engine: generated secrets and settings every process on the database shares. */
export interface MetaStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
  /** The stored value, or `create()` stored and returned; never overwritten once set. */
  readOrCreate(key: string, create: () => string): Promise<string>;
}

export const sqliteMeta = (db: Db): MetaStore => ({
  read: async (key) => readMeta(db, key),
  write: async (key, value) => writeMeta(db, key, value),
  readOrCreate: async (key, create) => readOrCreateMeta(db, key, create),
});
