import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, type FetchedQuiz, fetchQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import { createQuizToken } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { decodeAnswers } from '../storage/encoding/answer-codec';

/** The API's submission path over both engines (docs/decisions/023). */
describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  let quiz: FetchedQuiz;
  let body: SubmitBody;

  beforeEach(async () => {
    app = await createEngineTestApp(engine);
    quiz = await fetchQuiz(app);
    body = answerQuiz(quiz, 20);
  }, CLUSTER_START_MS);
  afterEach(() => app.close(), 30_000);

  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; field?: string; message: string } }).error;

  describe('POST /api/stats/submit-quiz', () => {
    test('a truthful play is recorded and answered with its id and score', async () => {
      const res = await submit(app, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ playId: 1, score: 20, totalQuestions: 30, difficulty: 'normal' });
      expect(await app.rows()).toMatchObject({ plays: 1, players: 1, totals: 1 });
      const recorded = (await app.all('SELECT answers FROM plays'))[0] as { answers: Uint8Array };
      expect(decodeAnswers(recorded.answers)).toHaveLength(30);
    });

    /** Each case edits the body in place or returns a replacement. */
    const forgeries: [string, (b: SubmitBody) => unknown, number, string, string | RegExp][] = [
      ['a forged score', (b) => ({ ...b, score: 25 }), 422, 'play_mismatch', 'answers'],
      [
        'a forged isCorrect',
        (b) => {
          b.answers[25]!.isCorrect = true;
        },
        422,
        'play_mismatch',
        'answers',
      ],
      [
        'a line not in the token',
        (b) => {
          b.answers[3]!.lyricId = 99999;
        },
        422,
        'play_mismatch',
        'answers[3].lyricId',
      ],
      [
        'a missing line',
        (b) => ({ ...b, answers: b.answers.slice(1), score: 19 }),
        422,
        'validation_failed',
        'answers',
      ],
      [
        'a repeated line',
        (b) => {
          b.answers[29] = { ...b.answers[0]! };
        },
        422,
        'play_mismatch',
        'answers[29].lyricId',
      ],
      [
        'a wrong songId',
        (b) => {
          b.answers[4]!.songId = b.answers[5]!.songId === b.answers[4]!.songId ? 9999 : b.answers[5]!.songId;
        },
        422,
        'play_mismatch',
        'answers',
      ],
      [
        'an unknown selected song',
        (b) => {
          b.answers[22]!.selectedSongId = 9999;
        },
        422,
        'play_mismatch',
        'answers[22].selectedSongId',
      ],
      [
        'a song of the catalogue that was not offered for the line',
        (b) => {
          const offered = quiz.questions[7]!.options.map((o) => o.id);
          b.answers[7]!.selectedSongId = app.deps.catalogue().songs.find((s) => !offered.includes(s.id))!.id;
          b.answers[7]!.isCorrect = false;
        },
        422,
        'play_mismatch',
        'answers[7].selectedSongId',
      ],
      [
        'a wrong totalQuestions',
        (b) => ({ ...b, totalQuestions: 29 }),
        422,
        'validation_failed',
        'totalQuestions',
      ],
      [
        'a tampered token',
        (b) => ({ ...b, quizToken: `${b.quizToken.slice(0, -2)}xx` }),
        422,
        'token_bad_signature',
        'quizToken',
      ],
      [
        'a token of another server',
        (b) => ({
          ...b,
          quizToken: createQuizToken('another-secret-another-secret-0000', {
            lyricIds: b.answers.map((a) => a.lyricId),
            options: b.answers.map((a) => [a.songId, a.selectedSongId]),
            issuedAt: app.clock.nowSeconds(),
            nonce: 'n',
          }),
        }),
        422,
        'token_bad_signature',
        'quizToken',
      ],
      ['garbage as token', (b) => ({ ...b, quizToken: 'not-a-token' }), 422, 'token_malformed', 'quizToken'],
      [
        'a sessionId that is not a UUID',
        (b) => ({ ...b, sessionId: 'abc' }),
        422,
        'validation_failed',
        'sessionId',
      ],
      [
        'a deviceInfo over 512 characters',
        (b) => ({ ...b, deviceInfo: 'x'.repeat(513) }),
        422,
        'validation_failed',
        'deviceInfo',
      ],
      ['a score as a string', (b) => ({ ...b, score: '20' }), 422, 'validation_failed', 'score'],
      [
        'an answer without isCorrect',
        (b) => {
          delete (b.answers[0] as Partial<SubmitBody['answers'][0]>).isCorrect;
        },
        422,
        'validation_failed',
        'answers[0].isCorrect',
      ],
      ['no body fields at all', () => ({}), 422, 'validation_failed', /./],
    ];

    test.each(forgeries)(
      '%s → 4xx naming the field, nothing recorded',
      async (_, forge, status, code, field) => {
        const before = await app.rows();
        const copy = structuredClone(body);
        const res = await submit(app, forge(copy) ?? copy);
        expect(res.status).toBe(status);
        const error = await errorOf(res);
        expect(error.code).toBe(code);
        expect(error.field).toMatch(field);
        expect(await app.rows()).toEqual(before);
      },
    );

    test('an expired token → 422, nothing recorded', async () => {
      app.clock.advance(7201);
      const res = await submit(app, body);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toMatchObject({ code: 'token_expired', field: 'quizToken' });
      expect((await app.rows()).plays).toBe(0);
    });

    test('a short quiz cannot be recorded: statistics compare plays of 30 (the schema says so)', async () => {
      const short = answerQuiz(await fetchQuiz(app, 5), 5);
      const res = await submit(app, short);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toMatchObject({ code: 'validation_failed', field: 'totalQuestions' });
      expect((await app.rows()).plays).toBe(0);
    });

    test('malformed JSON → 400 JSON error, nothing recorded', async () => {
      const res = await submit(app, '{"sessionId": ');
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('malformed_body');
      expect((await app.rows()).plays).toBe(0);
    });

    test('a body over 64 KB → 413, nothing recorded', async () => {
      const res = await submit(app, { ...body, deviceInfo: 'x'.repeat(70_000) });
      expect(res.status).toBe(413);
      expect((await errorOf(res)).code).toBe('body_too_large');
      expect((await app.rows()).plays).toBe(0);
    });

    test('the same token twice → the same playId, counters unchanged by the second', async () => {
      const first = await (await submit(app, body)).json();
      const after = await app.rows();
      const overview = await (await app.request('/api/stats/overview')).json();
      const again = await submit(app, body);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(first);
      expect(await app.rows()).toEqual(after);
      expect(await (await app.request('/api/stats/overview')).json()).toEqual(overview);
    });

    test('unknown fields are ignored', async () => {
      const res = await submit(app, {
        ...body,
        admin: true,
        answers: body.answers.map((a) => ({ ...a, note: 'x' })),
      });
      expect(res.status).toBe(200);
    });

    test.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
      'a %s body → 415 unsupported_media_type, nothing recorded',
      async (type) => {
        const res = await app.request('/api/stats/submit-quiz', {
          method: 'POST',
          headers: { 'content-type': type },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(415);
        expect((await app.rows()).plays).toBe(0);
      },
    );

    test('the raw session id is never stored', async () => {
      await submit(app, body);
      const dump = JSON.stringify(await app.all('SELECT * FROM players'));
      expect(dump).not.toContain(body.sessionId);
    });
  });
});
