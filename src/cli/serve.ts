import { adminUnlockMarker, loadAdminCredentials } from '../admin/credentials';
import { createApp } from '../app';
import type { Config } from '../config';
import { metaProbe } from '../health/storage-health';
import { lastResortResponse } from '../http/request-target';
import type { Logger } from '../logger';
import { type ClientAssets, clientDir, emptyAssets, loadClientAssets } from '../pages/client-assets';
import { openRuntime } from '../storage/open';
import { type Clock, systemClock } from '../time/clock';
import { startEventLoopProbe } from './event-loop-probe';
import { lineProgress } from './progress';

/**
 * Bun answers a body over `maxRequestBodySize` by itself: a bare 413 with no JSON and no
 * security headers. The limit is lifted so that the body parser answers every oversized body
 * (413 `body_too_large`): it refuses a Content-Length over MAX_BODY_BYTES before reading and
 * stops reading any other body past it, so memory per request stays bounded all the same.
 */
const SOCKET_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

function loadAssets(log: Logger): ClientAssets {
  const assets = loadClientAssets();
  if (assets) return assets;
  log.warn('no client build found: pages are served without scripts and styles (run `npm run build`)', {
    dir: clientDir,
  });
  return emptyAssets;
}

/** `kviz serve`: listens until SIGTERM/SIGINT, then finishes in-flight requests and closes the database. */
export async function serve(config: Config, log: Logger, clock: Clock = systemClock): Promise<void> {
  // Exclusive: SQLite allows one server per file; PostgreSQL as many instances as the operator runs (docs/decisions/023).
  const runtime = await openRuntime(config, {
    seed: true,
    log,
    exclusive: true,
    onMigrated: (tag) => log.info('applied a migration', { migration: tag }),
    serving: {
      // Never answer on while nothing is written (docs/decisions/035).
      onLost: (error) => {
        log.error('the database writer stopped: exiting', { error: error.message });
        process.exit(1);
      },
      onFlushFailed: (error) => log.error('could not write the deferred counters', { error: error.message }),
      onCheckpointFailed: (error) => log.error('could not checkpoint the WAL', { error: error.message }),
      debug: (message, fields) => log.debug(message, fields),
    },
  });
  try {
    // A database of an older version: its raw record is converted before anything is served.
    await runtime.upgrade(
      (label, unit) =>
        lineProgress(label, unit, (_, s) =>
          log.info(label, { done: s.done, total: s.total, unit, seconds: Math.round(s.elapsedMs / 1000) }),
        ),
      (message, fields) => log.info(message, fields),
    );
    // The catch-up (docs/decisions/025): plays committed after the last flush of a process that
    // stopped without one (kill -9, power loss) get their per-line counters before anything is served.
    const counted = await runtime.stores.plays.flushCounters();
    if (counted > 0) log.info('counted the plays recorded after the last flush', { plays: counted });
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const admin = await loadAdminCredentials(config, runtime.meta, log);
  const shutdown = new AbortController();
  const app = createApp({
    shutdown: shutdown.signal,
    config,
    log,
    clock,
    admin,
    adminUnlockMarker: adminUnlockMarker(runtime.meta),
    assets: loadAssets(log),
    stores: runtime.stores,
    secrets: runtime.secrets,
    daily: runtime.daily,
    catalogue: () => runtime.catalogue,
    probeWrite: metaProbe(runtime.meta),
    ...(runtime.limitWindows ? { limitWindows: runtime.limitWindows } : {}),
  });

  // Installed before listening: a signal that arrives right after start must still stop cleanly.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    // The dashboard's event streams end and every Kviz uživo socket is closed (1001): open, they
    // would keep the stop waiting for as long as a client stays.
    shutdown.abort();
    await app.stop(false); // waits for in-flight requests
    await runtime.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // reusePort off: a second kviz on a taken port must fail, not silently share its connections.
  app.listen({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: SOCKET_BODY_LIMIT,
    reusePort: false,
    // Bun's development mode answers an escaped error with an HTML page of source excerpts.
    development: false,
    error: (error: Error) => lastResortResponse(error, log),
  });
  const server = app.server!;
  if (config.logLevel === 'debug') startEventLoopProbe(log);
  log.info('listening', { url: `http://${server.hostname}:${server.port}`, database: runtime.describe });
}
