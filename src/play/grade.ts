import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { unprocessable } from '../errors';
import type { QuizTokenPayload } from '../quiz/token';
import type { SubmitBody } from '../shared/contracts/quiz';
import { PLAY_LENGTH } from '../shared/rules';

interface GradedAnswer {
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
 * Every disagreement between the client's claims (songId, isCorrect, score) and
 * the server's grading answers this one error, whichever claim and answer it
 * was: an error that said which would tell a script which song is not the
 * right one (docs/decisions/012-integrity.md).
 */
const gradingMismatch = () =>
  unprocessable(
    'play_mismatch',
    "answers[].songId, answers[].isCorrect and score must agree with the server's grading of this play",
    'answers',
  );

const mismatch = (field: string, message: string) => unprocessable('play_mismatch', message, field);

/** An answer's field as errors name it; made only for an error, not for each answer of a play. */
const fieldOf = (position: number, name: string) => `answers[${position}].${name}`;

/**
 * Grades a submission against the catalogue and its quiz token. The client's
 * `songId`, `isCorrect`, `score` and `totalQuestions` are checked, never
 * trusted, and a selection must be one of the options the token says were
 * offered; any disagreement throws a 422 and nothing is recorded. Errors about
 * the shape of the play (lines, counts, options) name their field; errors about
 * correctness are all the same (`gradingMismatch`).
 */
export function gradeSubmission(
  catalogue: CatalogueIndex,
  token: QuizTokenPayload,
  body: SubmitBody,
): GradedPlay {
  // A token issued before tokens carried the options offered (an upgrade) is graded without that check.
  const offered = new Map(token.lyricIds.map((id, i) => [id, token.options?.[i]]));
  const seen = new Set<number>();
  let claimsAgree = true;
  const answers = body.answers.map((answer, position): GradedAnswer => {
    if (!offered.has(answer.lyricId))
      throw mismatch(
        fieldOf(position, 'lyricId'),
        `${fieldOf(position, 'lyricId')} is not a line of this quiz`,
      );
    const options = offered.get(answer.lyricId);
    if (seen.has(answer.lyricId))
      throw mismatch(
        fieldOf(position, 'lyricId'),
        `${fieldOf(position, 'lyricId')} is answered more than once`,
      );
    seen.add(answer.lyricId);
    if (options && !options.includes(answer.selectedSongId))
      throw mismatch(
        fieldOf(position, 'selectedSongId'),
        `${fieldOf(position, 'selectedSongId')} is not one of the options offered for this line`,
      );
    const lyric = catalogue.lyricsById.get(answer.lyricId);
    if (!lyric)
      throw unprocessable(
        'unknown_lyric',
        `${fieldOf(position, 'lyricId')} is no longer in the catalogue; fetch a new quiz`,
        fieldOf(position, 'lyricId'),
      );
    const isCorrect = answer.selectedSongId === lyric.song.id;
    if (answer.songId !== lyric.song.id || answer.isCorrect !== isCorrect) claimsAgree = false;
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
  if (missing.length > 0) throw mismatch('answers', `answers miss ${missing.length} line(s) of this quiz`);
  if (body.totalQuestions !== answers.length)
    throw mismatch(
      'totalQuestions',
      `totalQuestions is ${body.totalQuestions}, but ${answers.length} answers were sent`,
    );
  const fullLength = Math.min(PLAY_LENGTH, catalogue.askable.length);
  if (answers.length !== fullLength)
    throw unprocessable(
      'incomplete_play',
      `only plays of ${fullLength} questions are recorded; this one has ${answers.length}`,
      'answers',
    );
  const score = answers.filter((a) => a.isCorrect).length;
  if (!claimsAgree || body.score !== score) throw gradingMismatch();
  return { answers, score };
}
