/**
 * kill -9 while the writer's thread is inside a flush of the deferred counters
 * (docs/decisions/035, 041): the compiled binary under load, killed right after its writer logged
 * that a flush began, until one kill lands before that flush's last chunk commits (the watermark
 * is still where the flush began; when chunks were committed, their cursor is stored, and
 * `kviz stats verify` agrees with the database as the kill left it). After the restart nothing
 * acknowledged is missing, the catch-up counted the plays the lost flush was counting, and
 * `kviz stats verify` agrees.
 */
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareSubmissions } from '../bench/lib/submit-load';
import { kviz, startBinary } from './support/binary';

const ATTEMPTS = 6;
const PLAYS = 3_000;
const CONNECTIONS = 24;
const env = {
  LOG_LEVEL: 'debug',
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
};

function readState(database: string) {
  const sqlite = new Database(database, { readonly: true });
  const state = sqlite
    .query(
      "SELECT (SELECT coalesce(max(id), 0) FROM plays) AS last, (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'counters_counted_through') AS counted, (SELECT value FROM meta WHERE key = 'counters_flush_cursor') AS cursor",
    )
    .get() as { last: number; counted: number; cursor: string | null };
  const ids = new Set((sqlite.query('SELECT id FROM plays').all() as { id: number }[]).map((r) => r.id));
  sqlite.close();
  return { ...state, ids };
}

test("a kill -9 in the middle of the writer's flush loses nothing acknowledged; the restart counts the plays and verify agrees", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-crash-flush-'));
  const database = join(dir, 'data', 'kviz.db');
  const acknowledged = new Map<string, number>();
  const unknown = new Set<string>();
  let midFlush = 0;
  let betweenChunks = 0;
  let kills = 0;
  try {
    for (let attempt = 0; attempt < ATTEMPTS && midFlush === 0; attempt++) {
      const server = await startBinary({ dir, env });
      const bodies = [...unknown, ...(await prepareSubmissions(server.url, PLAYS, CONNECTIONS))];
      unknown.clear();
      let next = 0;
      let down = false;
      const submitting = Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < bodies.length && !down) {
            const body = bodies[next++]!;
            try {
              const res = await fetch(`${server.url}/api/stats/submit-quiz`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
              });
              if (res.status !== 200) throw new Error(`a valid submission was answered ${res.status}`);
              acknowledged.set(body, ((await res.json()) as { playId: number }).playId);
            } catch (error) {
              if (error instanceof Error && error.message.startsWith('a valid')) throw error;
              unknown.add(body); // the kill landed while it was in flight
            }
          }
        }),
      );
      // A flush of this run's plays begins (the first ones, at start, count nothing).
      const seen = server.logs.length;
      let after: number | undefined;
      while (after === undefined && next < bodies.length) {
        const line = server.logs
          .slice(seen)
          .find((l) => l.includes('"flushing the deferred counters"') && acknowledged.size > 200);
        if (line) after = (JSON.parse(line) as { after: number }).after;
        else await Bun.sleep(0);
      }
      down = true;
      server.proc.kill('SIGKILL');
      expect(await server.proc.exited).not.toBe(0);
      await submitting;
      kills++;
      // Still at the watermark the flush began from: its last chunk never committed.
      const killed = readState(database);
      if (after !== undefined && killed.counted === after) {
        midFlush++;
        if (killed.cursor !== null) {
          betweenChunks++;
          const asLeft = await kviz(dir, ['stats', 'verify']);
          expect(asLeft.code, asLeft.stdout + asLeft.stderr).toBe(0);
        }
      }
    }
    expect(midFlush).toBeGreaterThan(0);

    // The restart: the catch-up counts every play past the watermark before the server answers.
    const server = await startBinary({ dir, env });
    const state = readState(database);
    expect(state.counted).toBe(state.last);
    const missing = [...acknowledged.values()].filter((id) => !state.ids.has(id));
    expect(missing).toEqual([]);
    // The answers a kill left unknown: each recorded at most once (a replay), none lost.
    for (const body of unknown) {
      const res = await fetch(`${server.url}/api/stats/submit-quiz`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
    }
    const beside = await kviz(dir, ['stats', 'verify']);
    expect(beside.code, beside.stdout + beside.stderr).toBe(0);
    expect(await server.stop('SIGTERM')).toBe(0);
    const after = await kviz(dir, ['stats', 'verify']);
    expect(after.code, after.stdout + after.stderr).toBe(0);
    console.log(
      `crash mid-flush: ${kills} kill(s), ${midFlush} inside a flush (${betweenChunks} between two of its chunks), ${acknowledged.size} plays acknowledged, none lost`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
