import { randomBytes } from 'node:crypto';
import { type CatalogueIndex, loadCatalogueIndex } from './catalogue/index';
import { seedCatalogue } from './catalogue/seed';
import type { Config } from './config';
import { createDb, type Db } from './db/client';
import { readOrCreateMeta } from './db/meta';
import { migrateDb } from './db/migrate';
import type { Logger } from './logger';

export interface Runtime {
  db: Db;
  catalogue: CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
}

/**
 * Opens the database and brings it up to date: migrations, the demo
 * catalogue on first start, generated secrets. Every command starts here.
 */
export function openRuntime(config: Config, log: Logger): Runtime {
  const db = createDb(config.databasePath, { synchronous: config.sqliteSynchronous });
  migrateDb(db);
  const seeded = seedCatalogue(db);
  if (seeded)
    log.info('seeded the demo catalogue', {
      albums: seeded.albums,
      songs: seeded.songs,
      lines: seeded.lines,
    });
  const quizToken =
    config.quizTokenSecret ??
    readOrCreateMeta(db, 'quiz_token_secret', () => randomBytes(32).toString('base64url'));
  const playerSalt = readOrCreateMeta(db, 'player_salt', () => randomBytes(32).toString('base64url'));
  return { db, catalogue: loadCatalogueIndex(db), secrets: { quizToken, playerSalt } };
}
