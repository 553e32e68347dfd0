import { describe, expect, test } from 'bun:test';
import { createTestDb } from '../../test/support/fixtures';
import { AppError } from '../errors';
import type { QuizTokenPayload } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { loadCatalogueIndex } from '../storage/sqlite/catalogue-load';
import { gradeSubmission } from './grade';

// gradeSubmission is pure: a catalogue, a verified token and a body in, a graded play or an error out.
const catalogue = loadCatalogueIndex(createTestDb());
const lines = catalogue.askable.slice(0, 30);
const otherSong = (songId: number) => catalogue.songs.find((s) => s.id !== songId)!.id;
const token: QuizTokenPayload = {
  lyricIds: lines.map((l) => l.id),
  options: lines.map((l) => [l.song.id, otherSong(l.song.id)]),
  issuedAt: 0,
  nonce: 'n',
};

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
    if (error instanceof AppError)
      return { status: error.status, code: error.code as string, field: error.field };
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
      'play_mismatch',
      'answers',
    ],
    [
      'isCorrect that disagrees',
      (b: SubmitBody) => {
        b.answers[3]!.isCorrect = !b.answers[3]!.isCorrect;
      },
      'play_mismatch',
      'answers',
    ],
    [
      "a songId that is not the line's song",
      (b: SubmitBody) => {
        b.answers[5]!.songId = otherSong(b.answers[5]!.songId);
      },
      'play_mismatch',
      'answers',
    ],
    [
      'a selection that was not offered',
      (b: SubmitBody) => {
        b.answers[2]!.selectedSongId = catalogue.songs.find((s) => !token.options![2]!.includes(s.id))!.id;
      },
      'play_mismatch',
      'answers[2].selectedSongId',
    ],
    [
      'a line not in the token',
      (b: SubmitBody) => {
        b.answers[0]!.lyricId = catalogue.askable[40]!.id;
      },
      'play_mismatch',
      'answers[0].lyricId',
    ],
    [
      'a line answered twice',
      (b: SubmitBody) => {
        b.answers[1]!.lyricId = b.answers[0]!.lyricId;
      },
      'play_mismatch',
      'answers[1].lyricId',
    ],
    [
      'a missing line',
      (b: SubmitBody) => {
        b.answers.pop();
      },
      'play_mismatch',
      'answers',
    ],
    [
      'totalQuestions that differs',
      (b: SubmitBody) => {
        b.totalQuestions = 29;
      },
      'play_mismatch',
      'totalQuestions',
    ],
  ])('%s → 422 play_mismatch naming the field (never a song)', (_, tamper, code, field) => {
    const b = body(21);
    tamper(b);
    expect(errorOf(() => gradeSubmission(catalogue, token, b))).toEqual({ status: 422, code, field });
  });

  test('no oracle: every option of line 1 claimed right (with a score that cannot be) gets the same answer', () => {
    const answers = token.options![0]!.map((option) => {
      const b = body(21);
      b.answers[0] = { ...b.answers[0]!, selectedSongId: option, isCorrect: true };
      b.score = 0;
      try {
        gradeSubmission(catalogue, token, b);
      } catch (error) {
        return error instanceof Error
          ? `${(error as { code?: string }).code}: ${error.message}`
          : String(error);
      }
      return 'accepted';
    });
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toStartWith('play_mismatch: ');
    for (const song of catalogue.songs) expect(answers[0]).not.toContain(String(song.id));
  });
});
