/**
 * Durability across kill -9 (docs/decisions/007; WAL with synchronous=NORMAL): a play acknowledged
 * with 200 survives a SIGKILL of the process at any moment. Each round submits plays to the
 * compiled binary open loop at CRASH_RATE plays/s (default 500: they are sent on schedule,
 * whatever the server answers), kills it with SIGKILL at a random moment, and restarts it on
 * the same database. After each restart: every play acknowledged before the kill is found, the
 * per-line counters have caught up before the first answer (the kills land between two flushes,
 * docs/decisions/025), and `kviz stats verify` passes. The submissions a kill left without an
 * answer are sent again and recorded once (the quiz token makes a submission idempotent).
 * Prints one line per round with its counts (issue 37).
 *
 * A longer run: CRASH_ROUNDS=5 CRASH_MAX_SECONDS=5 bun test test/crash.test.ts
 */
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleepUntil } from '../bench/lib/sleep-until';
import { prepareSubmissions } from '../bench/lib/submit-load';
import { startBinary } from './support/binary';

const ROUNDS = Number(process.env.CRASH_ROUNDS) || 5;
const RATE = Number(process.env.CRASH_RATE) || 500;
/** The kill lands at a random moment between these many seconds after the round's first play. */
const MIN_SECONDS = 0.3;
const MAX_SECONDS = Number(process.env.CRASH_MAX_SECONDS) || 1.5;
/** A stalled server must not make the generator open sockets without bound. */
const MAX_IN_FLIGHT = 512;
const env = {
  RATE_LIMIT_QUIZ_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_SUBMIT_PER_HOUR: '1000000',
};

/** What became of each submission body (a JSON string with its own quiz token). */
interface Ledger {
  /** Answered 200: the play id the server acknowledged. */
  acknowledged: Map<string, number>;
  /** Sent, but the process died before the answer arrived: committed or not, nobody knows. */
  unknown: Set<string>;
  /** Answers that are neither 200 nor a broken connection (a valid submission gets none). */
  unexpected: string[];
}

async function submit(url: string, body: string, ledger: Ledger): Promise<number | undefined> {
  let res: Response;
  try {
    res = await fetch(`${url}/api/stats/submit-quiz`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  } catch {
    // Connection reset or refused: the kill landed while this one was in flight.
    ledger.unknown.add(body);
    return undefined;
  }
  if (res.status !== 200) {
    ledger.unexpected.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
    return undefined;
  }
  const { playId } = (await res.json()) as { playId: number };
  ledger.acknowledged.set(body, playId);
  ledger.unknown.delete(body);
  return playId;
}

/**
 * Sends `bodies` open loop, one every 1000/RATE ms from now, until `stop()` says so or they run
 * out; resolves once every request sent has its answer or its error. Returns the ids acknowledged.
 */
async function openLoop(url: string, bodies: string[], ledger: Ledger, stopped: () => boolean) {
  const everyMs = 1000 / RATE;
  const start = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  const acknowledged: number[] = [];
  let sent = 0;
  while (sent < bodies.length && !stopped()) {
    while (sent < bodies.length && start + sent * everyMs <= performance.now() && !stopped()) {
      if (inFlight.size >= MAX_IN_FLIGHT) break;
      const sending = submit(url, bodies[sent++]!, ledger).then((id) => {
        if (id !== undefined) acknowledged.push(id);
      });
      inFlight.add(sending);
      sending.finally(() => inFlight.delete(sending));
    }
    await sleepUntil(start + sent * everyMs);
  }
  await Promise.all(inFlight);
  return { sent, seconds: (performance.now() - start) / 1000, acknowledged };
}

interface Round {
  round: number;
  killAfterMs: number;
  sent: number;
  sentPerSecond: number;
  acknowledged: number;
  inFlightAtKill: number;
  /** Plays committed whose per-line counters were not flushed yet when the process died. */
  unflushedAtKill: number;
  found: number;
  lost: number;
  countersCaughtUp: boolean;
  verify: string;
}

test(`plays acknowledged before a kill -9 survive it (${ROUNDS} rounds at ${RATE} plays/s, open loop), and the counters stay exact`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-crash-'));
  const ledger: Ledger = { acknowledged: new Map(), unknown: new Set(), unexpected: [] };
  const database = join(dir, 'data', 'kviz.db');
  const read = <T>(sql: string) => {
    const sqlite = new Database(database, { readonly: true });
    try {
      return sqlite.query(sql).all() as T[];
    } finally {
      sqlite.close();
    }
  };
  const lag = () => {
    const [row] = read<{ last: number; counted: number }>(
      "SELECT (SELECT coalesce(max(id), 0) FROM plays) AS last, (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'counters_counted_through') AS counted",
    );
    return row!.last - row!.counted;
  };
  const kviz = (...args: string[]) =>
    Bun.spawnSync([join(dir, 'kviz'), ...args], {
      cwd: dir,
      env: { PATH: '/usr/bin:/bin', ADMIN_PASSWORD: 'test-password-123' },
    });
  const verify = () => {
    const run = kviz('stats', 'verify');
    return `${run.exitCode} ${run.stdout.toString().trim()}`;
  };

  const rounds: Round[] = [];
  let previous: { round: Round; acknowledged: number[] } | undefined;
  /** After a restart: what the previous round's kill left, checked before anything is sent. */
  const checkPrevious = async (url: string) => {
    if (!previous) return;
    const { round, acknowledged } = previous;
    round.countersCaughtUp = lag() === 0;
    const found = new Set(read<{ id: number }>('SELECT id FROM plays').map((r) => r.id));
    round.found = acknowledged.filter((id) => found.has(id)).length;
    round.lost = acknowledged.length - round.found;
    round.verify = verify();
    // The answers the kill took away: sent again, each answered with its one play.
    const pending = [...ledger.unknown];
    await Promise.all(pending.map((body) => submit(url, body, ledger)));
    expect(ledger.unknown.size).toBe(0);
  };

  for (let n = 1; n <= ROUNDS; n++) {
    const server = await startBinary({ dir, env });
    await checkPrevious(server.url);
    const bodies = await prepareSubmissions(server.url, Math.ceil(RATE * (MAX_SECONDS + 1)), 16);
    let killed = false;
    const killAfterMs = Math.round((MIN_SECONDS + Math.random() * (MAX_SECONDS - MIN_SECONDS)) * 1000);
    const acknowledgedBefore = ledger.acknowledged.size;
    const sending = openLoop(server.url, bodies, ledger, () => killed);
    // The kill comes killAfterMs after the round's first acknowledgement, not after its start: on
    // a loaded machine the first answers can take longer than MIN_SECONDS, and a round killed
    // before any would check nothing.
    const waitingSince = performance.now();
    while (ledger.acknowledged.size === acknowledgedBefore) {
      if (performance.now() - waitingSince > 30_000) throw new Error('no play acknowledged within 30 s');
      await Bun.sleep(5);
    }
    await Bun.sleep(killAfterMs);
    // No request after this point: only those in flight meet the kill.
    killed = true;
    server.proc.kill('SIGKILL');
    expect(await server.proc.exited).not.toBe(0);
    const { sent, seconds, acknowledged } = await sending;
    const round: Round = {
      round: n,
      killAfterMs,
      sent,
      sentPerSecond: Math.round(sent / seconds),
      acknowledged: acknowledged.length,
      // Every earlier one was settled when the round began (checkPrevious).
      inFlightAtKill: ledger.unknown.size,
      unflushedAtKill: lag(),
      found: 0,
      lost: -1,
      countersCaughtUp: false,
      verify: '',
    };
    rounds.push(round);
    previous = { round, acknowledged };
  }

  // A last start checks the last round, then stops cleanly.
  const server = await startBinary({ dir, env });
  await checkPrevious(server.url);
  expect(await server.stop('SIGTERM')).toBe(0);

  for (const r of rounds) console.log(`crash round ${JSON.stringify(r)}`);
  const found = new Set(read<{ id: number }>('SELECT id FROM plays').map((r) => r.id));
  const acknowledgedIds = [...ledger.acknowledged.values()];
  const [integrity] = read<{ integrity_check: string }>('PRAGMA integrity_check');
  console.log(
    `crash test: ${ROUNDS} rounds, ${rounds.reduce((a, r) => a + r.acknowledged, 0)} acknowledged before a kill, ` +
      `${rounds.reduce((a, r) => a + r.found, 0)} found after it, ${rounds.reduce((a, r) => a + r.lost, 0)} lost; ` +
      `${ledger.acknowledged.size} plays acknowledged in all (re-sent ones included), ${found.size} in the database`,
  );
  expect(ledger.unexpected).toEqual([]);
  for (const r of rounds) {
    expect(r.acknowledged).toBeGreaterThan(0);
    // verify names the integrity check it ran, then the counters' verdict (docs/decisions/036).
    expect({ round: r.round, lost: r.lost, caughtUp: r.countersCaughtUp, verify: r.verify }).toEqual({
      round: r.round,
      lost: 0,
      caughtUp: true,
      verify:
        '0 Integrity check: PRAGMA integrity_check (every page, row and index of the file)\nCounters agree with the raw answers.',
    });
  }
  // The kills landed between flushes: plays committed whose per-line counters were not written
  // yet (a flush runs a second after the first unflushed commit), counted by the restart.
  expect(rounds.some((r) => r.unflushedAtKill > 0)).toBe(true);
  expect(lag()).toBe(0); // the graceful stop flushed
  // One play per submission: none lost, none recorded twice, nothing else recorded.
  expect(new Set(acknowledgedIds).size).toBe(ledger.acknowledged.size);
  expect(found.size).toBe(ledger.acknowledged.size);
  expect(integrity).toEqual({ integrity_check: 'ok' });

  const backup = kviz('backup', 'after-crashes.db');
  expect(backup.exitCode).toBe(0);
  expect(backup.stdout.toString()).toContain(`${found.size} plays, `);
  rmSync(dir, { recursive: true, force: true });
}, 180_000);
