import { beforeAll, describe, expect, test } from 'bun:test';
import { appsClosedAfterFile, ENGINES, warmEngine } from '../../test/support/engines';
import { answerQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';

/** The error of an answer without its request id (which differs for every request). */
const errorOf = async (res: Response) => {
  const { requestId: _, ...error } = (
    (await res.json()) as { error: { code: string; field?: string; message: string; requestId: string } }
  ).error;
  return error;
};

const appOn = appsClosedAfterFile();

/** What a refused request must not write, on both engines (docs/decisions/023). */
describe.each(ENGINES)('%s', (engine) => {
  beforeAll(() => warmEngine(engine), CLUSTER_START_MS);

  describe('bounded weight per address (docs/decisions/012)', () => {
    test('200 submissions from one address within a minute: exactly the per-minute limit is recorded', async () => {
      const app = await appOn(engine, { RATE_LIMIT_QUIZ_PER_MINUTE: '100000' });
      const quizzes = [];
      for (let i = 0; i < 200; i++) quizzes.push(await fetchQuiz(app));
      const statuses = await Promise.all(
        quizzes.map((quiz, i) =>
          submit(app, answerQuiz(quiz, 20, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)).then(
            (r) => r.status,
          ),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(120);
      expect(statuses.filter((s) => s === 429)).toHaveLength(80);
      expect((await app.rows()).plays).toBe(120);
      // PostgreSQL counts every window in the database (docs/decisions/036): 400 more round trips.
    }, 30_000);

    test('the per-hour limit holds across minutes', async () => {
      const app = await appOn(engine, { RATE_LIMIT_SUBMIT_PER_MINUTE: '5', RATE_LIMIT_SUBMIT_PER_HOUR: '8' });
      const statuses: number[] = [];
      for (let minute = 0; minute < 3; minute++) {
        for (let i = 0; i < 5; i++)
          statuses.push((await submit(app, answerQuiz(await fetchQuiz(app), 3))).status);
        app.clock.advance(60);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      const limited = await submit(app, answerQuiz(await fetchQuiz(app), 3));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
      expect((await app.rows()).plays).toBe(8);
    }, 30_000);

    test('a play submitted 2 s after its quiz (PLAY_MIN_SECONDS=30) is recorded at once, as of 30 s after its quiz (docs/decisions/032); again: the same play', async () => {
      const app = await appOn(engine, { PLAY_MIN_SECONDS: '30' });
      const issuedMs = app.clock.nowSeconds() * 1000;
      const body = answerQuiz(await fetchQuiz(app), 12);
      app.clock.advance(2);
      const early = await submit(app, body);
      expect(early.status).toBe(200);
      const first = (await early.json()) as { playId: number; score: number };
      expect(first.score).toBe(12);
      expect(await app.rows()).toMatchObject({ plays: 1, players: 1 });
      const [row] = await app.all('SELECT created_at FROM plays');
      // Never counted as finished sooner than PLAY_MIN_SECONDS after its quiz was issued.
      expect(Number(row!.created_at)).toBe(issuedMs + 30_000);
      app.clock.advance(40);
      const again = await submit(app, body);
      expect(await again.json()).toMatchObject({ playId: first.playId, score: 12 });
      expect((await app.rows()).plays).toBe(1);
    });

    test('a play submitted after PLAY_MIN_SECONDS keeps its own time', async () => {
      const app = await appOn(engine, { PLAY_MIN_SECONDS: '30' });
      const body = answerQuiz(await fetchQuiz(app), 12);
      app.clock.advance(95);
      const submittedMs = app.clock.nowMs();
      expect((await submit(app, body)).status).toBe(200);
      const [row] = await app.all('SELECT created_at FROM plays');
      expect(Number(row!.created_at)).toBe(submittedMs);
    });
  });

  describe('no oracle', () => {
    test('every option of line 1 submitted as its right answer learns nothing: one code, one message', async () => {
      const app = await appOn(engine);
      const quiz = await fetchQuiz(app);
      const replies = new Set<string>();
      for (const option of quiz.questions[0]!.options) {
        const body = answerQuiz(quiz, 0);
        body.answers[0] = { ...body.answers[0]!, selectedSongId: option.id, isCorrect: true };
        body.score = 30; // a claim that cannot hold whatever line 1's answer is
        const res = await submit(app, body);
        replies.add(`${res.status} ${JSON.stringify(await errorOf(res))}`);
      }
      expect(replies.size).toBe(1);
      expect([...replies][0]).toStartWith('422 {"code":"play_mismatch"');
      expect((await app.rows()).plays).toBe(0);
    });

    test('a selection that was never offered is refused, naming the field and no song', async () => {
      const app = await appOn(engine);
      const quiz = await fetchQuiz(app);
      const body = answerQuiz(quiz, 10);
      const offered = quiz.questions[15]!.options.map((o) => o.id);
      const other = app.deps.catalogue().songs.find((s) => !offered.includes(s.id))!;
      body.answers[15] = { ...body.answers[15]!, selectedSongId: other.id, isCorrect: false };
      const res = await submit(app, body);
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error).toEqual({
        code: 'play_mismatch',
        field: 'answers[15].selectedSongId',
        message: 'answers[15].selectedSongId is not one of the options offered for this line',
      });
    });
  });
});
