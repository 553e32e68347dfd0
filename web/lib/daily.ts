/**
 * The daily challenge in the browser (docs/decisions/021): the day's play and result kept in
 * localStorage, the days with a ranked play (the streak), the share text and the countdown.
 * No DOM beyond the Storage passed in.
 */
import { PLAY_LENGTH } from '../../src/shared/rules';
import { isFinished, type QuizState } from './quiz-state';
import { readJson, writeJson } from './storage';

/** The day's challenge as the browser keeps it: its play, then its result. */
export interface DailyRecord {
  day: string;
  number: number;
  quiz: QuizState;
  /** Set once the server recorded the play. */
  result?: {
    score: number;
    /** 🟩/🟥 per line, in the order asked. */
    squares: string;
    ranked: boolean;
  };
}

const DAILY_KEY = 'kviz.daily';
/** The days on which this browser had a ranked daily play (ISO dates, latest first). */
export const DAILY_DAYS_KEY = 'kviz.dailyDays';
/** At most this many days are kept (a year and a day: what the server confirms). */
const KEPT_DAYS = 366;

/** The record of `day`, or nothing (an older day's record is of no use). */
export function dailyRecordOf(storage: Storage, day: string): DailyRecord | undefined {
  const record = readJson<DailyRecord>(storage, DAILY_KEY);
  return record && record.day === day && Array.isArray(record.quiz?.questions) ? record : undefined;
}

/**
 * Keeps the day's record, unless the day's kept record is a ranked result of another play: the
 * server ranks only the session's first daily play, so the browser shows and shares that one
 * and a later play of the same day (another tab) never replaces it. Nor does a play's own
 * unfinished state replace its result, or its finished state still waiting for the server (offline,
 * the server down): a second tab that took up the play before the first finished it must not write
 * its stale progress (and later its own squares) over it.
 * Returns whether it was kept.
 */
export function saveDailyRecord(storage: Storage, record: DailyRecord): boolean {
  const kept = dailyRecordOf(storage, record.day);
  if (kept?.result?.ranked && kept.quiz.token !== record.quiz.token) return false;
  const sameWithoutResult = kept !== undefined && kept.quiz.token === record.quiz.token && !record.result;
  if (sameWithoutResult && (kept.result || (isFinished(kept.quiz) && !isFinished(record.quiz)))) return false;
  writeJson(storage, DAILY_KEY, record);
  return true;
}

/** Forgets the day's play (one the server refused for good: the day's challenge is fetched anew). */
export function forgetDailyRecord(storage: Storage): void {
  storage.removeItem(DAILY_KEY);
}

export function dailyDays(storage: Storage): string[] {
  const days = readJson<unknown>(storage, DAILY_DAYS_KEY);
  return Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
}

/** Keeps `days` (merged with those kept, latest first, each once). */
export function keepDailyDays(storage: Storage, days: readonly string[]): string[] {
  const merged = [...new Set([...days, ...dailyDays(storage)])].sort().reverse().slice(0, KEPT_DAYS);
  writeJson(storage, DAILY_DAYS_KEY, merged);
  return merged;
}

/** The share text: `{product title} #{number} {score}/30`, the row of squares, the page's address. */
export function dailyShareText(
  title: string,
  number: number,
  score: number,
  squares: string,
  url: string,
): string {
  return `${title} #${number} ${score}/${PLAY_LENGTH}\n${squares}\n${url}`;
}

/** The daily page's address on the public site. */
export function dailyUrl(siteUrl: string): string {
  return new URL('/dnevni-izazov', siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

/** Time left as H:MM:SS (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
