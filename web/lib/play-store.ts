/**
 * Where a play lives between pages and tabs (docs/decisions/015-results-and-sharing.md):
 * this tab's play in sessionStorage (as before), and the browser's latest play in
 * localStorage, so a new tab, a reopened browser and /results find it. The latest play
 * changes only when a play is started; a tab never overwrites another play's slot.
 * Storage is passed in: the logic is tested without a browser.
 */
import { isFinished, type QuizState } from './quiz-state';
import { HISTORY_KEY, PLAY_KEY, QUIZ_STATE_KEY, readJson, writeJson } from './storage';

/** A finished play as the browser remembers it for the personal best and the last plays. */
export interface PlayRecord {
  /** The play's id (from its quiz token): a play is remembered once, whichever tab finished it. */
  id: string;
  score: number;
  /** When it finished (ms since the epoch). */
  at: number;
}

/** How many finished plays the browser remembers. */
export const HISTORY_SIZE = 20;

/** A short, stable id of a play: the start of its token's signature (the token is unique per play). */
export function playIdOf(play: Pick<QuizState, 'token' | 'questions'>): string {
  const token = play.token ?? '';
  const signature = token.slice(token.lastIndexOf('.') + 1);
  return signature.slice(0, 16) || `q${play.questions.map((q) => q.id).join('-')}`;
}

const samePlay = (a: QuizState, b: QuizState) => a.token === b.token && playIdOf(a) === playIdOf(b);
const progress = (p: QuizState) => p.answers.length * 1000 + p.currentIndex;

/**
 * Two copies of one play (two tabs): the one further along, with any acknowledged submission
 * either knows of. Copies of different plays: `ours`.
 */
export function mergePlays(ours: QuizState, theirs: QuizState | undefined): QuizState {
  if (!theirs || !samePlay(ours, theirs)) return ours;
  const base = progress(theirs) > progress(ours) ? theirs : ours;
  const submission = ours.submission ?? theirs.submission;
  return {
    ...base,
    submitted: ours.submitted || theirs.submitted,
    ...(submission ? { submission } : {}),
  };
}

const hasQuestions = (play: QuizState | undefined): play is QuizState =>
  Boolean(play && Array.isArray(play.questions) && play.questions.length > 0);

/** The play a page works with: this tab's own, else the browser's latest; merged with the other copy. */
export function currentPlay(session: Storage, local: Storage): QuizState | undefined {
  const own = readJson<QuizState>(session, QUIZ_STATE_KEY);
  const latest = readJson<QuizState>(local, PLAY_KEY);
  if (hasQuestions(own)) return mergePlays(own, hasQuestions(latest) ? latest : undefined);
  return hasQuestions(latest) ? latest : undefined;
}

/**
 * Keeps a play: always in this tab; in the browser's slot when the play was just started
 * (`started`) or already holds it. Another tab's newer play is never replaced.
 */
export function savePlay(session: Storage, local: Storage, play: QuizState, started = false): void {
  writeJson(session, QUIZ_STATE_KEY, play);
  const latest = readJson<QuizState>(local, PLAY_KEY);
  if (started || !hasQuestions(latest) || samePlay(latest, play))
    writeJson(local, PLAY_KEY, hasQuestions(latest) && !started ? mergePlays(play, latest) : play);
}

/** 'Igraj ponovno' and a new play: this tab forgets its play (the browser's slot keeps the result). */
export function forgetTabPlay(session: Storage): void {
  session.removeItem(QUIZ_STATE_KEY);
}

/**
 * A play whose quiz token has outlived QUIZ_TOKEN_TTL_SECONDS (measured from when its questions
 * arrived): the server will never record it, so it is not offered to be continued.
 */
export function isExpired(play: QuizState, ttlSeconds: number | undefined, now: number): boolean {
  return (
    !play.submitted &&
    ttlSeconds !== undefined &&
    play.fetchedAt !== undefined &&
    now >= play.fetchedAt + ttlSeconds * 1000
  );
}

/**
 * The browser's latest play when it is still being played and can still be recorded (the
 * landing page's 'Nastavi kviz').
 */
export function playInProgress(
  local: Storage,
  session?: Storage,
  expiry?: { ttlSeconds: number; now: number },
): QuizState | undefined {
  const play = session ? currentPlay(session, local) : readJson<QuizState>(local, PLAY_KEY);
  if (!hasQuestions(play) || isFinished(play)) return undefined;
  return expiry && isExpired(play, expiry.ttlSeconds, expiry.now) ? undefined : play;
}

export function readHistory(local: Storage): PlayRecord[] {
  const list = readJson<PlayRecord[]>(local, HISTORY_KEY);
  return Array.isArray(list)
    ? list.filter((r) => r && typeof r.id === 'string' && Number.isInteger(r.score) && Number.isFinite(r.at))
    : [];
}

/** Remembers a finished play once (newest first, at most HISTORY_SIZE); returns the history. */
export function rememberFinished(local: Storage, play: QuizState, at: number): PlayRecord[] {
  const history = readHistory(local);
  const id = playIdOf(play);
  if (!isFinished(play) || history.some((r) => r.id === id)) return history;
  const next = [{ id, score: play.correctCount, at }, ...history].slice(0, HISTORY_SIZE);
  writeJson(local, HISTORY_KEY, next);
  return next;
}

/**
 * What /quiz does with the play it finds: resume it, offer its result, say it can no longer be
 * recorded (`expired`: its token outlived its lifetime), or start a new one.
 */
export function quizPageAction(
  play: QuizState | undefined,
  wantsNew: boolean,
  expired = false,
): 'resume' | 'finished' | 'expired' | 'new' {
  if (wantsNew || !hasQuestions(play)) return 'new';
  if (isFinished(play)) return 'finished';
  return expired ? 'expired' : 'resume';
}

/** What /results does: show a finished play, send an unfinished one back to its question, or go home. */
export function resultsPageAction(play: QuizState | undefined): 'show' | 'to-quiz' | 'to-start' {
  if (!hasQuestions(play)) return 'to-start';
  return isFinished(play) ? 'show' : 'to-quiz';
}
