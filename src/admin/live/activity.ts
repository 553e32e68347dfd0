import type { LiveActivity } from '../../shared/contracts/admin-live';

/** A player counts as playing now this long after their quiz was issued or their play recorded. */
const PLAYERS_NOW_MS = 5 * 60_000;
/** 'Igranja u zadnjih 30 minuta'. */
const RECENT_PLAYS_MS = 30 * 60_000;
/** The sparkline's minutes (plays per minute of the last hour). */
const SPARKLINE_MINUTES = 60;

const MINUTE_MS = 60_000;

/**
 * What "Igra sada" counts, in this process's memory (docs/decisions/037-admin-live-and-sources.md):
 * per minute of the last hour, the quizzes issued, the plays recorded and — by the minute their
 * quiz was issued — the plays answered; and each player (session id) with the time of their
 * latest recorded play, kept for five minutes. Recording a quiz or a play is an array increment
 * and, for a play, one Map write: nothing is read from the database and no timer runs, so it
 * costs nothing worth measuring whether or not an administrator watches.
 *
 * "Players now" = the distinct players with a play recorded in the last 5 minutes + the quizzes
 * issued in the last 5 minutes and not answered yet (a quiz open; no player id travels with a
 * quiz request, so each open quiz counts as one player). A player who finished a play and opened
 * the next quiz within the 5 minutes is counted twice until that quiz is answered: the two parts
 * are shown apart on the card.
 */
export function createLiveActivity(nowMs: () => number) {
  const issued = new Float64Array(SPARKLINE_MINUTES);
  const plays = new Float64Array(SPARKLINE_MINUTES);
  const answeredByIssue = new Float64Array(SPARKLINE_MINUTES);
  /** The absolute minute each slot holds (slots of older minutes are cleared before reuse). */
  const slotMinute = new Float64Array(SPARKLINE_MINUTES).fill(-1);
  /** Session id → its latest play's time, oldest first (re-inserted on each play). */
  const recentPlayers = new Map<string, number>();
  /** When a play last expired the old players (see playRecorded). */
  let droppedAt = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();

  const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);
  /** The slot of `minute`, cleared when it last held an older minute; undefined when it is past the hour. */
  const slot = (minute: number, now: number): number | undefined => {
    if (minute <= minuteOf(now) - SPARKLINE_MINUTES || minute > minuteOf(now)) return undefined;
    const index = minute % SPARKLINE_MINUTES;
    if (slotMinute[index] !== minute) {
      slotMinute[index] = minute;
      issued[index] = 0;
      plays[index] = 0;
      answeredByIssue[index] = 0;
    }
    return index;
  };
  const dropOldPlayers = (now: number) => {
    droppedAt = now;
    for (const [session, at] of recentPlayers) {
      if (at > now - PLAYERS_NOW_MS) break;
      recentPlayers.delete(session);
    }
  };
  const changed = () => {
    for (const listener of listeners) listener();
  };
  /** The sum of `counts` over the minutes in (now − spanMs, now], whole minutes. */
  const sumOver = (counts: Float64Array, spanMs: number, now: number) => {
    let total = 0;
    const last = minuteOf(now);
    for (let minute = last - Math.ceil(spanMs / MINUTE_MS) + 1; minute <= last; minute++) {
      const index = slot(minute, now);
      if (index !== undefined) total += counts[index]!;
    }
    return total;
  };

  return {
    /** A quiz was handed out (free play or the daily challenge). */
    quizIssued(): void {
      const now = nowMs();
      const index = slot(minuteOf(now), now);
      if (index !== undefined) issued[index]!++;
      changed();
    },
    /** A play was recorded (not a replay): its player, when its quiz was issued and when it was recorded. */
    playRecorded(sessionId: string, issuedAtMs: number, recordedAtMs: number): void {
      const now = nowMs();
      const at = slot(minuteOf(Math.min(recordedAtMs, now)), now);
      if (at !== undefined) plays[at]!++;
      const from = slot(minuteOf(issuedAtMs), now);
      if (from !== undefined) answeredByIssue[from]!++;
      recentPlayers.delete(sessionId);
      recentPlayers.set(sessionId, now);
      // At most once a second, not on every play: a Map that deletes and re-inserts on every play
      // iterates over the slots its deletes left before it reaches a live one (3.4 % of a
      // submission's CPU at 5,000 players in a profile). The snapshot expires them anyway; this
      // only bounds the Map while nobody watches.
      if (now - droppedAt >= 1_000) dropOldPlayers(now);
      changed();
    },
    /** The card's figures at this moment. */
    snapshot(): Omit<LiveActivity, 'liveGames'> {
      const now = nowMs();
      dropOldPlayers(now);
      const openQuizzes = Math.max(
        0,
        sumOver(issued, PLAYERS_NOW_MS, now) - sumOver(answeredByIssue, PLAYERS_NOW_MS, now),
      );
      const perMinute: number[] = [];
      const last = minuteOf(now);
      for (let minute = last - SPARKLINE_MINUTES + 1; minute <= last; minute++) {
        const index = slot(minute, now);
        perMinute.push(index === undefined ? 0 : plays[index]!);
      }
      return {
        at: new Date(now).toISOString(),
        playersNow: recentPlayers.size + openQuizzes,
        playersFinished: recentPlayers.size,
        openQuizzes,
        playsLast30Minutes: sumOver(plays, RECENT_PLAYS_MS, now),
        playsPerMinute: perMinute,
      };
    },
    /** Called after every quiz issued and play recorded; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LiveActivityTracker = ReturnType<typeof createLiveActivity>;
