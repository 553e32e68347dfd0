import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { unprocessable } from '../errors';
import type { QuizTokenPayload } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { PLAY_LENGTH } from '../shared/rules';

export interface GradedAnswer {
  position: number;
  lyricId: number;
  songId: number;
  albumId: number;
  selectedSongId: number;
  isCorrect: boolean;
}

export interface GradedPlay {
  answers: GradedAnswer[];
  score: number;
}

/**
 * Grades a submission against the catalogue and its quiz token. The client's
 * `isCorrect`, `score` and `totalQuestions` are checked, never trusted: any
 * disagreement throws a 422 naming the field, so nothing is recorded.
 */
export function gradeSubmission(
  catalogue: CatalogueIndex,
  token: QuizTokenPayload,
  body: SubmitBody,
): GradedPlay {
  const expected = new Set(token.lyricIds);
  const seen = new Set<number>();
  const answers = body.answers.map((answer, position): GradedAnswer => {
    const field = `answers[${position}]`;
    if (!expected.has(answer.lyricId))
      throw unprocessable(
        'answers_mismatch',
        `${field}.lyricId ${answer.lyricId} is not a line of this quiz`,
        `${field}.lyricId`,
      );
    if (seen.has(answer.lyricId))
      throw unprocessable(
        'answers_mismatch',
        `${field}.lyricId ${answer.lyricId} is answered more than once`,
        `${field}.lyricId`,
      );
    seen.add(answer.lyricId);
    const lyric = catalogue.lyricsById.get(answer.lyricId);
    if (!lyric)
      throw unprocessable(
        'unknown_lyric',
        `${field}.lyricId ${answer.lyricId} is no longer in the catalogue`,
        `${field}.lyricId`,
      );
    if (answer.songId !== lyric.song.id)
      throw unprocessable(
        'wrong_song',
        `${field}.songId ${answer.songId} is not the song of line ${answer.lyricId}`,
        `${field}.songId`,
      );
    if (!catalogue.songsById.has(answer.selectedSongId))
      throw unprocessable(
        'unknown_song',
        `${field}.selectedSongId ${answer.selectedSongId} is not a song of the catalogue`,
        `${field}.selectedSongId`,
      );
    const isCorrect = answer.selectedSongId === lyric.song.id;
    if (answer.isCorrect !== isCorrect)
      throw unprocessable(
        'grading_mismatch',
        `${field}.isCorrect is ${answer.isCorrect}, but the answer is ${isCorrect ? 'correct' : 'wrong'}`,
        `${field}.isCorrect`,
      );
    return {
      position,
      lyricId: lyric.id,
      songId: lyric.song.id,
      albumId: lyric.song.album.id,
      selectedSongId: answer.selectedSongId,
      isCorrect,
    };
  });

  const missing = token.lyricIds.filter((id) => !seen.has(id));
  if (missing.length > 0)
    throw unprocessable(
      'answers_mismatch',
      `answers miss ${missing.length} line(s) of this quiz: ${missing.slice(0, 10).join(', ')}`,
      'answers',
    );
  if (body.totalQuestions !== answers.length)
    throw unprocessable(
      'total_mismatch',
      `totalQuestions is ${body.totalQuestions}, but ${answers.length} answers were sent`,
      'totalQuestions',
    );
  const fullLength = Math.min(PLAY_LENGTH, catalogue.askable.length);
  if (answers.length !== fullLength)
    throw unprocessable(
      'incomplete_play',
      `only plays of ${fullLength} questions are recorded; this one has ${answers.length}`,
      'answers',
    );
  const score = answers.filter((a) => a.isCorrect).length;
  if (body.score !== score)
    throw unprocessable(
      'score_mismatch',
      `score is ${body.score}, but ${score} answers are correct`,
      'score',
    );
  return { answers, score };
}
