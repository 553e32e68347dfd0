/**
 * The counters of a filtered set of plays (docs/decisions/039), counted by the same `countPlay`
 * as the recording and `kviz stats verify` (recompute.ts), so a filtered figure has the one
 * definition every other figure has. Pure: no db. The dashboard's filtered reads feed it the
 * plays of a range from the raw record and read the same shapes the per-day counters answer.
 */
import type { BrowserFamily, DeviceClass } from '../../shared/devices';
import type { PlayMode } from '../../shared/play-mode';
import type { Day } from '../../time/day';
import type { DayCounts, ScoreCounts } from './day-counts';
import { type CountedAnswer, createBatchSums, type ItemCounts, type RecordedPlay } from './recompute';

/** Which plays a filtered read takes from the raw record (docs/decisions/039); an absent field: any. */
export interface PlayWhere {
  modes?: readonly PlayMode[];
  device?: DeviceClass;
  browser?: BrowserFamily;
  /**
   * Only the answers to these lines are decoded (an album or song filter counts no other): a play
   * is still handed on with the rest left out, so one of that album shows no answers.
   */
  answers?: AnswerFilter;
}

/**
 * A play of the raw record as a filtered read sees it: decoded, and whether it was its player's
 * first. Its answers are flat (line, song, album, pick: what `countPlay` counts), decoded straight
 * into that shape: one object per answer of every play read, not two.
 */
export interface FilterablePlay extends Omit<RecordedPlay, 'answers'> {
  answers: CountedAnswer[];
  /** The player's first recorded play (its time is the player's first-seen time). */
  firstOfPlayer: boolean;
}

/** What an album or song filter keeps of a play's answers: the lines of that album or song. */
export interface AnswerFilter {
  album?: number;
  song?: number;
}

export interface FilteredCounts {
  plays: number;
  days: Map<Day, DayCounts>;
  dayScores: Map<Day, Map<PlayMode, ScoreCounts>>;
  /**
   * The answers of the plays of `answered` (the range asked; the compared period's answers are
   * never listed): per line, song and album (the album of the answer key), the wrong picks per
   * line, and each line's song. Only their sums are kept, not a map per day: a year of per-day
   * answer maps held about 100 MB per 100,000 plays.
   */
  answers: {
    answered: { from: Day; to: Day };
    lyrics: Map<number, ItemCounts>;
    songs: Map<number, ItemCounts>;
    albums: Map<number, ItemCounts>;
    /** Line → wrong song picked → times. */
    picks: Map<number, Map<number, number>>;
    songOfLine: Map<number, number>;
  };
  /** Day → the players with a kept play that day. */
  dayPlayers: Map<Day, Set<number>>;
  /** Plays per hour of day, and the players whose first kept play (in counting order) fell in each hour. */
  hours: { attempts: number[]; uniquePlayers: number[] };
  /** Player → the earliest hour of day of their kept plays. */
  earliestHour: Map<number, number>;
}

const keeps = (filter: AnswerFilter) => (a: CountedAnswer) =>
  (filter.album === undefined || a.albumId === filter.album) &&
  (filter.song === undefined || a.songId === filter.song);

/**
 * An accumulator: `add` each play the database's filters (mode, device, browser) kept. With an
 * album or song filter, a play counts only when it was shown a line of it, and only those lines'
 * answers count (answers, right answers, the lines, songs, albums and confusions); its score,
 * hour and device count as the play's.
 */
export function createFilteredCount(filter: AnswerFilter, answered: { from: Day; to: Day }) {
  // The plays of the range asked count their answers too; the others (the compared period) only
  // what a play counts. Two accumulators of the same `countPlay`; their days do not overlap.
  const sums = createBatchSums('summed');
  const others = createBatchSums(false);
  const songOfLine = new Map<number, number>();
  const keep = keeps(filter);
  const narrowed = filter.album !== undefined || filter.song !== undefined;
  const dayPlayers = new Map<Day, Set<number>>();
  const hourPlayers = new Map<number, Set<number>>();
  const earliestHour = new Map<number, number>();
  /**
   * Players already counted new. The read flags a play as a player's first when it was recorded
   * at the player's first-seen time, which several plays of one player share when they were
   * recorded in the same millisecond (one batch of a group commit): only the first counts.
   */
  const countedNew = new Set<number>();
  let plays = 0;
  return {
    add(play: FilterablePlay): void {
      const answers = narrowed ? play.answers.filter(keep) : play.answers;
      if (narrowed && answers.length === 0) return;
      plays++;
      const players = setOf(dayPlayers, play.day);
      const inHour = setOf(hourPlayers, play.hour);
      const firsts = {
        firstOfPlayer: play.firstOfPlayer && !countedNew.has(play.playerId),
        firstOfPlayerToday: !players.has(play.playerId),
        firstOfPlayerThisHour: !inHour.has(play.playerId),
      };
      if (firsts.firstOfPlayer) countedNew.add(play.playerId);
      players.add(play.playerId);
      inHour.add(play.playerId);
      const earliest = earliestHour.get(play.playerId);
      if (earliest === undefined || play.hour < earliest) earliestHour.set(play.playerId, play.hour);
      if (play.day < answered.from || play.day > answered.to) {
        others.add({ ...play, answers }, firsts);
        return;
      }
      for (const a of answers) songOfLine.set(a.lyricId, a.songId);
      sums.add({ ...play, answers }, firsts);
    },
    result(): FilteredCounts {
      const add = (a: number[], b: number[]) => a.map((n, i) => n + (b[i] ?? 0));
      return {
        plays,
        days: new Map([...others.days, ...sums.days]),
        dayScores: new Map([...others.dayScores, ...sums.dayScores]),
        answers: {
          answered,
          lyrics: sums.lyrics,
          songs: sums.songs,
          albums: sums.albums,
          picks: sums.lyricConfusions,
          songOfLine,
        },
        dayPlayers,
        hours: {
          attempts: add(sums.hours.attempts, others.hours.attempts),
          uniquePlayers: add(sums.hours.uniquePlayers, others.hours.uniquePlayers),
        },
        earliestHour,
      };
    },
  };
}

function setOf<K>(map: Map<K, Set<number>>, key: K): Set<number> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
