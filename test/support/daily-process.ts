/**
 * Test support: a second process on a database file asks for the daily challenge at a given
 * instant and prints its answer body (src/daily/daily.test.ts: two processes, one database).
 * Usage: bun test/support/daily-process.ts DB_PATH EPOCH_MS
 */
import { createSqliteDb } from '../../src/storage/sqlite/client';
import { createTestAppOver } from './fixtures';

const [path, at] = process.argv.slice(2);
const db = createSqliteDb(path!);
const app = await createTestAppOver(db);
app.clock.ms = Number(at);
const res = await app.app.handle(new Request('http://localhost/api/daily'));
// Exit once the answer is out: the app's timers (flush, health, tidy) would otherwise keep this
// one-shot process alive for as long as one of them is not unref'd (CI once saw it hang 60 s).
process.stdout.write(await res.text(), () => process.exit(0));
