/**
 * A full disk under a serving process's writer thread (docs/decisions/035): the SQLite error
 * crosses from the writer to the request thread and is still answered 503 storage_unavailable,
 * /healthz reports it, reads answer, and all is well once space is freed. The disk is a real
 * one: a 4 MiB tmpfs mounted for the test (the writer's own connection cannot be given the
 * page limit test/hostile/full-disk.test.ts uses in process). Where mounting is not permitted
 * (not root) the test cannot run and says so.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { closeDb } from '../../src/storage/sqlite/client';
import { sqliteMetaWrittenBy } from '../../src/storage/sqlite/meta';
import { startSqliteWriter } from '../../src/storage/sqlite/writer/writer-client';
import { createSqliteWriterStores } from '../../src/storage/sqlite/writer/writer-stores';
import { createFileDb } from '../support/file-db';
import { buildTestApp, makeCatalogue } from '../support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../support/play';

const mountPoint = mkdtempSync(join(tmpdir(), 'kviz-full-disk-'));
const mounted = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint], {
  stderr: 'ignore',
}).success;
afterAll(() => {
  // Lazily: the writer's thread may still be letting go of its files.
  if (mounted) Bun.spawnSync(['umount', '-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});
if (!mounted) console.warn('full-disk-writer: cannot mount a tmpfs here (not root): not run');

describe('a full disk under the writer thread', () => {
  test.skipIf(!mounted)(
    'plays → 503 storage_unavailable, reads answer, /healthz 503; all well once space is freed',
    async () => {
      const path = join(mountPoint, 'kviz.db');
      const db = createFileDb(path, makeCatalogue(4, 5, 10));
      const writer = await startSqliteWriter(
        { path, synchronous: 'NORMAL', playerSalt: 'test-salt' },
        { onLost: (error) => console.error(error) },
      );
      try {
        const { request, stores } = await buildTestApp({
          stores: createSqliteWriterStores(db, 'test-salt', writer),
          index: loadCatalogueIndex(db),
          meta: sqliteMetaWrittenBy(db, writer.writeMeta),
        });
        const testApp = { request };
        for (let i = 0; i < 3; i++)
          expect((await submit(testApp, answerQuiz(await fetchQuiz(testApp), 12))).status).toBe(200);

        // The disk fills up: a file takes all but a few pages.
        const { bavail, bsize } = statfsSync(mountPoint);
        const filler = join(mountPoint, 'filler');
        writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16_384)));
        const statuses: number[] = [];
        let refused: Response | undefined;
        for (let i = 0; i < 200 && !refused; i++) {
          const res = await submit(testApp, answerQuiz(await fetchQuiz(testApp), 7));
          statuses.push(res.status);
          if (res.status !== 200) refused = res;
        }
        expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
        expect(refused?.status).toBe(503);
        expect(refused!.headers.get('retry-after')).toBe('30');
        expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe(
          'storage_unavailable',
        );
        const health = await request('/healthz');
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: 'unavailable', reason: 'storage_unavailable' });
        for (const read of ['/api/stats/lyrics', '/api/stats/overview'])
          expect((await request(read)).status, read).toBe(200);
        // No quiz is handed out while its play could not be recorded (docs/decisions/036).
        expect((await request('/api/quiz?difficulty=hard')).status).toBe(503);

        // Space is freed: the probe write (through the writer) sees it, then plays go through.
        rmSync(filler);
        expect((await request('/healthz')).status).toBe(200);
        expect((await submit(testApp, answerQuiz(await fetchQuiz(testApp), 9))).status).toBe(200);
        await stores.plays.flushCounters();
        expect(await stores.plays.verifyCounters()).toEqual([]);
      } finally {
        await writer.close().catch(() => {});
        closeDb(db);
      }
    },
    60_000,
  );
});
