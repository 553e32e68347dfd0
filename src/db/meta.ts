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
