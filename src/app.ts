import { Elysia } from 'elysia';
import type { CatalogueIndex } from './catalogue/index';
import type { Config } from './config';
import type { Db } from './db/client';
import { docsRoutes } from './docs/routes';
import { healthRoutes } from './health/routes';
import { errorHandler } from './http/error-handler';
import type { Logger } from './logger';
import { quizRoutes } from './quiz/routes';
import { version } from './version';

export interface Clock {
  nowMs(): number;
  nowSeconds(): number;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowSeconds: () => Math.floor(Date.now() / 1000),
};

/** Everything the routes need, passed in so tests can build an app on an in-memory database. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** The current catalogue (a getter: an import can replace it). */
  catalogue: () => CatalogueIndex;
  secrets: { quizToken: string };
  clock: Clock;
  log: Logger;
}

/** The whole HTTP application; `main.ts` listens with it, tests call `app.handle()`. */
export function createApp(deps: AppDeps) {
  const title = `${deps.catalogue().artist} Kviz znanja`.trim();
  return new Elysia({ name: 'kviz' })
    .use(errorHandler(deps.log))
    .use(docsRoutes(title, version))
    .use(healthRoutes(deps))
    .use(quizRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
