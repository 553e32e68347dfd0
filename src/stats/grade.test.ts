import { describe, expect, test } from 'bun:test';
import { createTestDb } from '../../test/support/fixtures';
import { loadCatalogueIndex } from '../catalogue/catalogue-index';
import { AppError } from '../errors';
import type { QuizTokenPayload } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { gradeSubmission } from './grade';

// gradeSubmission is pure: a catalogue, a verified token and a body in, a graded play or an error out.
const catalogue = loadCatalogueIndex(createTestDb());
const lines = catalogue.askable.slice(0, 30);
const token: QuizTokenPayload = { lyricIds: lines.map((l) => l.id), issuedAt: 0, nonce: 'n' };
const otherSong = (songId: number) => catalogue.songs.find((s) => s.id !== songId)!.id;

/** A truthful body answering the first `correct` lines right. */
function body(correct: number): SubmitBody {
  const answers = lines.map((l, i) => {
    const right = i < correct;
    return {
      lyricId: l.id,
      songId: l.song.id,
      selectedSongId: right ? l.song.id : otherSong(l.song.id),
      isCorrect: right,
    };
  });
  return { quizToken: 't', sessionId: 's', deviceInfo: 'd', score: correct, totalQuestions: 30, answers };
}

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, field: error.field };
    throw error;
  }
  throw new Error('no error');
};

describe('gradeSubmission', () => {
  test('grades a truthful play: score, and for each answer its line, song, album and correctness', () => {
    const graded = gradeSubmission(catalogue, token, body(21));
    expect(graded.score).toBe(21);
    expect(graded.answers[0]).toEqual({
      position: 0,
      lyricId: lines[0]!.id,
      songId: lines[0]!.song.id,
      albumId: lines[0]!.song.album.id,
      selectedSongId: lines[0]!.song.id,
      isCorrect: true,
    });
    expect(graded.answers.filter((a) => !a.isCorrect)).toHaveLength(9);
  });

  test.each([
    [
      'a claimed score that differs',
      (b: SubmitBody) => {
        b.score = 22;
      },
      'score_mismatch',
      'score',
    ],
    [
      'isCorrect that disagrees',
      (b: SubmitBody) => {
        b.answers[3]!.isCorrect = !b.answers[3]!.isCorrect;
      },
      'grading_mismatch',
      'answers[3].isCorrect',
    ],
    [
      'a line not in the token',
      (b: SubmitBody) => {
        b.answers[0]!.lyricId = catalogue.askable[40]!.id;
      },
      'answers_mismatch',
      'answers[0].lyricId',
    ],
    [
      'a line answered twice',
      (b: SubmitBody) => {
        b.answers[1]!.lyricId = b.answers[0]!.lyricId;
      },
      'answers_mismatch',
      'answers[1].lyricId',
    ],
    [
      'a missing line',
      (b: SubmitBody) => {
        b.answers.pop();
      },
      'answers_mismatch',
      'answers',
    ],
    [
      'totalQuestions that differs',
      (b: SubmitBody) => {
        b.totalQuestions = 29;
      },
      'total_mismatch',
      'totalQuestions',
    ],
  ])('%s → 422 naming the field', (_, tamper, code, field) => {
    const b = body(21);
    tamper(b);
    expect(errorOf(() => gradeSubmission(catalogue, token, b))).toEqual({ status: 422, code, field });
  });
});
