import { describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';

/**
 * Submitting a token again (docs/decisions/034): the same answers are a replay of the first
 * result, marked `Idempotent-Replayed: true`, also after the token's lifetime; other answers are
 * 409 `play_conflict`. Over both engines: the recorded answers are compared in the store.
 */
const appOn = appsClosedAfterFile();
const TTL = 600;

describe.each(ENGINES)('%s', (engine) => {
  const fresh = () => appOn(engine, { QUIZ_TOKEN_TTL_SECONDS: String(TTL) });

  test(
    'the same answers again → 200, the first result, Idempotent-Replayed: true, nothing recorded',
    async () => {
      const app = await fresh();
      const body = answerQuiz(await fetchQuiz(app), 17);
      const first = await submit(app, body);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const result = await first.json();
      // The order of the answers and the device string are not the play.
      const again = await submit(app, { ...body, deviceInfo: 'other', answers: [...body.answers].reverse() });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(result);
      expect((await app.rows()).plays).toBe(1);
    },
    CLUSTER_START_MS,
  );

  test('other answers with the same token → 409 play_conflict; the first play stands', async () => {
    const app = await fresh();
    const quiz = await fetchQuiz(app);
    expect((await submit(app, answerQuiz(quiz, 17))).status).toBe(200);
    const other = await submit(app, answerQuiz(quiz, 18));
    expect(other.status).toBe(409);
    expect((await other.json()).error).toMatchObject({ code: 'play_conflict', field: 'answers' });
    expect((await app.rows()).plays).toBe(1);
    // The first answers are still a replay.
    expect((await submit(app, answerQuiz(quiz, 17))).headers.get('idempotent-replayed')).toBe('true');
  });

  test("after the token's lifetime: a recorded play replays, other answers conflict, an unrecorded one expired", async () => {
    const app = await fresh();
    const recorded = await fetchQuiz(app);
    const never = await fetchQuiz(app);
    const first = await (await submit(app, answerQuiz(recorded, 9))).json();
    app.clock.advance(TTL + 60);
    const replay = await submit(app, answerQuiz(recorded, 9));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first);
    const conflict = await submit(app, answerQuiz(recorded, 10));
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.code).toBe('play_conflict');
    const expired = await submit(app, answerQuiz(never, 9));
    expect(expired.status).toBe(422);
    expect((await expired.json()).error.code).toBe('token_expired');
    expect((await app.rows()).plays).toBe(1);
  });

  test('a daily play replays with its ranking', async () => {
    const app = await fresh();
    const daily = await app.request('/api/daily');
    const quiz = { token: daily.headers.get('x-quiz-token')!, questions: (await daily.json()).questions };
    const first = await (await submit(app, answerQuiz(quiz, 12))).json();
    expect(first.ranked).toBe(true);
    const again = await submit(app, answerQuiz(quiz, 12));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first);
    expect((await submit(app, answerQuiz(quiz, 13))).status).toBe(409);
  });
});

// SQLite reads a recorded token on the request thread's connection: a replay (or a conflict) is
// answered from that read and takes nothing through the write path (issue 37: sent from 100,000
// addresses, each replay's trip through the writer thread cost memory and CPU). No commit: the
// statistics version, which moves with every commit of this process, stays.
test('sqlite: a replay and a conflict are answered without a write', async () => {
  const app = await appOn('sqlite', { QUIZ_TOKEN_TTL_SECONDS: String(TTL) });
  const quiz = await fetchQuiz(app);
  expect((await submit(app, answerQuiz(quiz, 17))).status).toBe(200);
  const version = app.stores.stats.version();
  expect((await submit(app, answerQuiz(quiz, 17))).headers.get('idempotent-replayed')).toBe('true');
  expect((await submit(app, answerQuiz(quiz, 18))).status).toBe(409);
  expect(app.stores.stats.version()).toBe(version);
  expect((await app.rows()).plays).toBe(1);
});
