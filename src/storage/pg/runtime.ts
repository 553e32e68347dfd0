import { type Config, redactedUrl } from '../../config';
import { openDailySettings } from '../../daily/settings';
import { dayOf } from '../../time/day';
import { DatabaseOpenError } from '../open-error';
import { logSeeded, newSecret, type OpenOptions, type PgRuntime } from '../runtime-model';
import { importCataloguePg, loadCatalogueIndexPg, seedCataloguePg } from './catalogue';
import { closePgDb, createPgDb, migratePg, type PgDb } from './client';
import { pgMeta, readOrCreateMetaPg } from './meta';
import { createPgStores } from './stores';

/**
 * PostgreSQL: migrations under an advisory lock, the seed under another, the
 * secrets created once (`ON CONFLICT DO NOTHING`, then read back): instances
 * started together agree on all of them. Any failure becomes one
 * DatabaseOpenError naming the URL without its password.
 */
export async function openPgRuntime(url: string, config: Config, options: OpenOptions): Promise<PgRuntime> {
  const describe = redactedUrl(url);
  let pg: PgDb | undefined;
  try {
    await migratePg(url);
    pg = createPgDb(url);
    if (options.seed) {
      const seeded = await seedCataloguePg(pg);
      if (seeded) logSeeded(options.log, seeded);
    }
    const quizToken =
      config.quizTokenSecret ?? (await readOrCreateMetaPg(pg, 'quiz_token_secret', newSecret));
    const playerSalt = await readOrCreateMetaPg(pg, 'player_salt', newSecret);
    const stores = createPgStores(pg, playerSalt);
    await stores.ready;
    const db = pg;
    return {
      engine: 'postgres',
      pg: db,
      stores,
      catalogue: await loadCatalogueIndexPg(db),
      secrets: { quizToken, playerSalt },
      meta: pgMeta(db),
      daily: await openDailySettings(pgMeta(db), dayOf(Date.now(), config.statsTimezone)),
      importCatalogue: (catalogue) => importCataloguePg(db, catalogue),
      describe,
      close: async () => {
        stores.close();
        await closePgDb(db);
      },
    };
  } catch (error) {
    if (pg) await closePgDb(pg).catch(() => {});
    throw new DatabaseOpenError(describe, error instanceof Error ? error.message : String(error));
  }
}
