/**
 * The quiz client state (docs/product.md#answering) as a pure reducer. It lives in
 * sessionStorage (web/lib/storage.ts), so /quiz → /results and a reload
 * mid-quiz keep the play.
 */

// The question as the API sends it: one declaration, shared with the server (a type only, not bundled).
export type { Question } from '../../src/shared/contracts/quiz';

import type { Question, SubmitBody } from '../../src/shared/contracts/quiz';
import type { Difficulty } from '../../src/shared/difficulty';
import { DEVICE_INFO_MAX_LENGTH } from '../../src/shared/rules';

export interface AnswerRecord {
  questionId: number;
  selectedSongId: number;
  correctSongId: number;
  isCorrect: boolean;
}

/** A new play carried in the /quiz page's HTML (src/quiz/inline.ts). */
export interface InitialQuiz {
  questions: Question[];
  token: string;
  difficulty: Difficulty;
}

export interface QuizState {
  questions: Question[];
  /** The X-Quiz-Token of this play (sent with the submission). */
  token: string | null;
  currentIndex: number;
  answers: AnswerRecord[];
  correctCount: number;
  /** The submission was acknowledged: never send it again. */
  submitted: boolean;
  /**
   * What the server answered: the play it recorded for this token. Its score differs from
   * `correctCount` when another copy of the play (a duplicated tab) was submitted first:
   * then this copy's result was not recorded and is never shown as ranked.
   */
  submission?: { playId: number; score: number };
  /** When the questions arrived (browser clock, ms): the server refuses a play submitted sooner than PLAY_MIN_SECONDS after. */
  fetchedAt?: number;
  /** The difficulty the play was fetched at (its token binds it); absent: normal, as every play before difficulties. */
  difficulty?: Difficulty;
}

export const emptyQuiz: QuizState = {
  questions: [],
  token: null,
  currentIndex: 0,
  answers: [],
  correctCount: 0,
  submitted: false,
};

export type QuizAction =
  | {
      type: 'loaded';
      questions: Question[];
      token: string | null;
      fetchedAt: number;
      difficulty?: Difficulty;
    }
  | { type: 'restore'; state: QuizState }
  | { type: 'answer'; questionId: number; selectedSongId: number }
  | { type: 'next' }
  | { type: 'submitted' }
  | { type: 'reset' };

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'loaded':
      return {
        ...emptyQuiz,
        questions: action.questions,
        token: action.token,
        fetchedAt: action.fetchedAt,
        ...(action.difficulty && action.difficulty !== 'normal' ? { difficulty: action.difficulty } : {}),
      };
    case 'restore':
      return action.state;
    case 'answer': {
      // An answer cannot be changed: a second one for the same question is ignored.
      if (state.answers.some((a) => a.questionId === action.questionId)) return state;
      const question = state.questions.find((q) => q.id === action.questionId);
      if (!question) return state;
      const isCorrect = action.selectedSongId === question.correctSongId;
      return {
        ...state,
        answers: [
          ...state.answers,
          {
            questionId: question.id,
            selectedSongId: action.selectedSongId,
            correctSongId: question.correctSongId,
            isCorrect,
          },
        ],
        correctCount: state.correctCount + (isCorrect ? 1 : 0),
      };
    }
    case 'next':
      return { ...state, currentIndex: state.currentIndex + 1 };
    case 'submitted':
      return { ...state, submitted: true };
    case 'reset':
      return emptyQuiz;
  }
}

export function answerFor(state: QuizState, questionId: number): AnswerRecord | undefined {
  return state.answers.find((a) => a.questionId === questionId);
}

/**
 * The play is over once the index passes the last question, and only when there are questions
 * (docs/product.md#quiz).
 */
export function isFinished(state: QuizState): boolean {
  return state.questions.length > 0 && state.currentIndex >= state.questions.length;
}

/** The server recorded this play as the player sees it (its percentile means something). */
export function isRecordedAsShown(state: QuizState): boolean {
  return state.submitted && (state.submission === undefined || state.submission.score === state.correctCount);
}

/** The submission body (SubmitBody) with the quiz token; answers of unknown questions are skipped. */
export function submissionOf(state: QuizState, sessionId: string, deviceInfo: string): SubmitBody {
  const answers = state.answers.flatMap((a) => {
    const question = state.questions.find((q) => q.id === a.questionId);
    return question
      ? [
          {
            lyricId: question.lyricId,
            songId: question.correctSongId,
            selectedSongId: a.selectedSongId,
            isCorrect: a.isCorrect,
          },
        ]
      : [];
  });
  return {
    quizToken: state.token ?? '',
    sessionId,
    deviceInfo: deviceInfo.slice(0, DEVICE_INFO_MAX_LENGTH),
    score: answers.filter((a) => a.isCorrect).length,
    totalQuestions: state.questions.length,
    answers,
  };
}
