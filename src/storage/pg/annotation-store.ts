import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import type { AnnotationStore } from '../contract';
import type { PgDb } from './client';
import { annotations } from './schema';

const columns = { id: annotations.id, day: annotations.day, text: annotations.text };

/** The dashboard's notes on dates in PostgreSQL (docs/decisions/037). */
export function createPgAnnotationStore(db: PgDb): AnnotationStore {
  return {
    async list(from, to) {
      return db
        .select(columns)
        .from(annotations)
        .where(and(gte(annotations.day, from), lte(annotations.day, to)))
        .orderBy(asc(annotations.day), asc(annotations.id));
    },
    async add(day, text, createdAtMs) {
      const [row] = await db.insert(annotations).values({ day, text, createdAtMs }).returning(columns);
      return row!;
    },
    async remove(id) {
      return (
        (await db.delete(annotations).where(eq(annotations.id, id)).returning({ id: annotations.id }))
          .length > 0
      );
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(annotations);
      return row!.n;
    },
  };
}
