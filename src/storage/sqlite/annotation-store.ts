import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { AnnotationStore } from '../contract';
import type { Db } from './client';
import { annotations } from './schema';

const columns = { id: annotations.id, day: annotations.day, text: annotations.text };

/** The dashboard's notes on dates in SQLite (docs/decisions/037). */
export function createSqliteAnnotationStore(db: Db): AnnotationStore {
  return {
    async list(from, to) {
      return db
        .select(columns)
        .from(annotations)
        .where(and(gte(annotations.day, from), lte(annotations.day, to)))
        .orderBy(asc(annotations.day), asc(annotations.id))
        .all();
    },
    async add(day, text, createdAtMs) {
      return db.insert(annotations).values({ day, text, createdAtMs }).returning(columns).get();
    },
    async remove(id) {
      return (
        db.delete(annotations).where(eq(annotations.id, id)).returning({ id: annotations.id }).all().length >
        0
      );
    },
    async count() {
      return db.select({ n: count() }).from(annotations).get()!.n;
    },
  };
}
