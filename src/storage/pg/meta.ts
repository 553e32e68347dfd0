import { eq } from 'drizzle-orm';
import type { MetaStore } from '../contract';
import type { PgDb } from './client';
import { meta } from './schema';

/** src/storage/sqlite/meta.ts over PostgreSQL: the generated secrets and settings every instance shares. */
async function readMetaPg(db: PgDb, key: string): Promise<string | undefined> {
  return (await db.select().from(meta).where(eq(meta.key, key)))[0]?.value;
}

async function writeMetaPg(db: PgDb, key: string, value: string): Promise<void> {
  await db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}

/** The stored value, or a new one created and kept: instances started together agree on the first one written. */
async function readOrCreateMetaPg(db: PgDb, key: string, create: () => string): Promise<string> {
  await db.insert(meta).values({ key, value: create() }).onConflictDoNothing();
  return (await readMetaPg(db, key))!;
}

export const pgMeta = (db: PgDb): MetaStore => ({
  read: (key) => readMetaPg(db, key),
  write: (key, value) => writeMetaPg(db, key, value),
  readOrCreate: (key, create) => readOrCreateMetaPg(db, key, create),
});
