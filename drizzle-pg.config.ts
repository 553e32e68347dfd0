import { defineConfig } from 'drizzle-kit';

/** The PostgreSQL schema's migrations (`npm run db:generate:pg`); the SQLite ones: drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/pg/schema.ts',
  out: './src/storage/pg/pg-migrations',
});
