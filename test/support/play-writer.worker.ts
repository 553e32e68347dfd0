/**
 * Test support: a worker thread that records random plays into a database file
 * through its own connection until told to stop — a server writing while
 * another connection (a backup) reads.
 *
 * Start message: `{ path, control }` where `control` is an Int32Array on a
 * SharedArrayBuffer: [0] is set to 1 by the test to stop, [1] counts the
 * committed plays. Posts `'writing'` after the first plays, then `{ done: n }`.
 */
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { closeDb, createSqliteDb } from '../../src/storage/sqlite/client';
import { createSqlitePlayStore } from '../../src/storage/sqlite/play-store';
// Nothing that imports the app: its pages load .css.ts files, which need the test preload that
// worker threads do not get.
import { randomPlay } from './random-play';

declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ path: string; control: Int32Array }>) => {
  const { path, control } = event.data;
  const db = createSqliteDb(path);
  const catalogue = loadCatalogueIndex(db);
  const store = createSqlitePlayStore(db, 'worker-salt');
  let recorded = 0;
  // The stop flag is shared memory: no message needs to arrive while the loop runs.
  while (Atomics.load(control, 0) === 0) {
    await store.recordPlays([randomPlay(catalogue, Math.random, `worker-${recorded}`)]);
    recorded = Atomics.add(control, 1, 1) + 1;
    if (recorded === 10) self.postMessage('writing');
  }
  closeDb(db);
  self.postMessage({ done: recorded });
};
