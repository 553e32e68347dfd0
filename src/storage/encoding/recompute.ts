/**
 * Every counter recomputed from the raw record, play by play in the order they
 * were recorded (`kviz stats verify|rebuild`, the migration of an old database).
 * Pure: no db. The play store writes the same figures incrementally; the
 * property test in counters.test.ts holds the two together.
 */
import type { BrowserFamily, DeviceClass } from '../../shared/devices';
import type { PlayMode } from '../../shared/play-mode';
import { PLAY_LENGTH } from '../../shared/rules';
import type { Day } from '../../time/day';
import {
  addDayCounts,
  addScoreCounts,
  type DayCounts,
  dayCountsOfPlay,
  emptyDayCounts,
  emptyScoreCounts,
  HOURS_PER_DAY,
  type ScoreCounts,
  scoreCountsOfPlay,
} from './day-counts';

/** What was asked: a line, its song, and that song's album when the play was recorded. */
export interface AnswerKey {
  lyricId: number;
  songId: number;
  albumId: number;
}

export interface RecordedAnswer {
  key: AnswerKey;
  selectedSongId: number;
}

/** A play as the raw record holds it, answers decoded. */
export interface RecordedPlay {
  playerId: number;
  day: Day;
  hour: number;
  /** Its difficulty, or the daily challenge (ranked or practice). */
  mode: PlayMode;
  deviceClass: DeviceClass;
  browser: BrowserFamily;
  score: number;
  answers: RecordedAnswer[];
}

export interface ItemCounts {
  occurrences: number;
  correct: number;
}

/** The counts of a set of plays (a batch being recorded, or every play). */
export interface Sums {
  lyrics: Map<number, ItemCounts>;
  songs: Map<number, ItemCounts>;
  albums: Map<number, ItemCounts>;
  /** Score histogram (all time) per play mode. */
  scores: Map<PlayMode, number[]>;
  /** Per hour of day 0–23. */
  hours: { attempts: number[]; uniquePlayers: number[] };
  totals: { plays: number; players: number; answers: number; correct: number; scoreSum: number };
  days: Map<Day, DayCounts>;
  dayScores: Map<Day, Map<PlayMode, ScoreCounts>>;
  /** Right line → wrong song selected → times. */
  lyricConfusions: Map<number, Map<number, number>>;
  /** Right song → wrong song selected → times. */
  songConfusions: Map<number, Map<number, number>>;
  /** Day → answer key (as `answerKeyNumber`) → its counts that day (cumulative_answers). */
  answerDays: Map<Day, Map<number, ItemCounts>>;
  /** Day → right line → wrong song selected → times that day (cumulative_confusions). */
  confusionDays: Map<Day, Map<number, Map<number, number>>>;
}

/** Every counter: the sums of every play, and who played when (the distinct counts). */
export interface Counters extends Sums {
  hourPlayers: Map<number, Set<number>>;
  dayPlayers: Map<Day, Set<number>>;
  /** Each player's first day (the day of their first recorded play). */
  firstDays: Map<number, Day>;
  /** The ranked daily plays (docs/decisions/021). */
  daily: DailyCounters;
}

/** The counters of the ranked daily-challenge plays. */
interface DailyCounters {
  /** Day → the players with a ranked play that day. */
  players: Map<Day, Set<number>>;
  /** Day → score histogram. */
  scores: Map<Day, number[]>;
  /** Day → lyric id → answers. */
  lines: Map<Day, Map<number, ItemCounts>>;
}

/** Whether a play is its player's first: ever, that day, in that hour of day. */
export interface Firsts {
  firstOfPlayer: boolean;
  firstOfPlayerToday: boolean;
  firstOfPlayerThisHour: boolean;
}

export interface CountedAnswer {
  lyricId: number;
  songId: number;
  albumId: number;
  selectedSongId: number;
}

type CountedPlay = Pick<RecordedPlay, 'day' | 'hour' | 'mode' | 'deviceClass' | 'browser' | 'score'>;

/**
 * A line, its song and album as one number (ids are small: lyric < 2^24, song and album < 2^14
 * leave it exact, under 2^53): the key of the per-day answer counts before the store maps it to
 * its answer_keys row.
 */
export const answerKeyNumber = (a: AnswerKey) => (a.lyricId * 16_384 + a.songId) * 16_384 + a.albumId;

const getOr = <K, V>(map: Map<K, V>, key: K, create: () => V): V => {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
};

// bump and confuse run for every answer counted (several times each): no closure made per call.
const bump = (map: Map<number, ItemCounts>, id: number, correct: boolean) => {
  let counts = map.get(id);
  if (counts === undefined) {
    counts = { occurrences: 0, correct: 0 };
    map.set(id, counts);
  }
  counts.occurrences++;
  if (correct) counts.correct++;
};

const confuse = (map: Map<number, Map<number, number>>, right: number, picked: number) => {
  let row = map.get(right);
  if (row === undefined) {
    row = new Map<number, number>();
    map.set(right, row);
  }
  row.set(picked, (row.get(picked) ?? 0) + 1);
};

function emptySums(): Sums {
  return {
    lyrics: new Map(),
    songs: new Map(),
    albums: new Map(),
    scores: new Map(),
    hours: { attempts: new Array(HOURS_PER_DAY).fill(0), uniquePlayers: new Array(HOURS_PER_DAY).fill(0) },
    totals: { plays: 0, players: 0, answers: 0, correct: 0, scoreSum: 0 },
    days: new Map(),
    dayScores: new Map(),
    lyricConfusions: new Map(),
    songConfusions: new Map(),
    answerDays: new Map(),
    confusionDays: new Map(),
  };
}

/**
 * Which per-answer counters a play adds to: all of them (`true`), none (`false`: lines, songs,
 * albums, confusions and the answer days are left out), or `'summed'`: the lines, songs, albums
 * and confusions summed over the plays, without the per-day maps (answer days, confusion days)
 * that only the recorder writes. A filtered read of the dashboard sums a range's answers and
 * never reads them per day (docs/decisions/039, amendment).
 */
export type PerAnswer = boolean | 'summed';

/** What one play adds to every counter: the one definition the recording and the recompute share. */
function countPlay(
  c: Sums,
  play: CountedPlay,
  answers: Iterable<CountedAnswer>,
  firsts: Firsts,
  perAnswer: PerAnswer = true,
): void {
  let correct = 0;
  let asked = 0;
  const answerDay =
    perAnswer === true ? getOr(c.answerDays, play.day, () => new Map<number, ItemCounts>()) : undefined;
  const confusionDay =
    perAnswer === true
      ? getOr(c.confusionDays, play.day, () => new Map<number, Map<number, number>>())
      : undefined;
  for (const a of answers) {
    const right = a.selectedSongId === a.songId;
    asked++;
    if (right) correct++;
    if (!perAnswer) continue;
    if (answerDay) bump(answerDay, answerKeyNumber(a), right);
    bump(c.lyrics, a.lyricId, right);
    bump(c.songs, a.songId, right);
    bump(c.albums, a.albumId, right);
    if (!right) {
      confuse(c.lyricConfusions, a.lyricId, a.selectedSongId);
      confuse(c.songConfusions, a.songId, a.selectedSongId);
      if (confusionDay) confuse(confusionDay, a.lyricId, a.selectedSongId);
    }
  }
  getOr(c.scores, play.mode, () => new Array<number>(PLAY_LENGTH + 1).fill(0))[play.score]!++;
  c.hours.attempts[play.hour]!++;
  if (firsts.firstOfPlayerThisHour) c.hours.uniquePlayers[play.hour]!++;
  c.totals.plays++;
  if (firsts.firstOfPlayer) c.totals.players++;
  c.totals.answers += asked;
  c.totals.correct += correct;
  c.totals.scoreSum += play.score;
  addDayCounts(
    getOr(c.days, play.day, emptyDayCounts),
    dayCountsOfPlay({ ...play, answers: asked, correct, ...firsts }),
  );
  const byMode = getOr(c.dayScores, play.day, () => new Map<PlayMode, ScoreCounts>());
  addScoreCounts(getOr(byMode, play.mode, emptyScoreCounts), scoreCountsOfPlay(play.score));
}

/**
 * The sums of a batch of plays being recorded; who is new comes from the database's membership
 * rows. The per-answer maps stay empty: the SQLite store counts those from the raw record when
 * it flushes (docs/decisions/025); `perAnswer` for a store that writes them with the batch.
 */
export function createBatchSums(perAnswer: PerAnswer = false) {
  const sums = emptySums();
  return Object.assign(sums, {
    add(play: CountedPlay & { answers: readonly CountedAnswer[] }, firsts: Firsts): void {
      countPlay(sums, play, play.answers, firsts, perAnswer);
    },
  });
}

export type BatchSums = ReturnType<typeof createBatchSums>;

/** An accumulator: `add` each play in recording order, then read `counters`. */
export function createRecompute() {
  const counters: Counters = {
    ...emptySums(),
    hourPlayers: new Map(),
    dayPlayers: new Map(),
    firstDays: new Map(),
    daily: { players: new Map(), scores: new Map(), lines: new Map() },
  };
  const c = counters;
  return {
    counters,
    /**
     * Adds a play; returns whether it was its player's first (ever, that day, that hour of day)
     * among the plays added so far. `counted`: the firsts to count it with instead (a second
     * recompute over part of the plays counts each with the firsts the whole record gives it).
     */
    add(play: RecordedPlay, counted?: Firsts): Firsts {
      const firstOfPlayer = !c.firstDays.has(play.playerId);
      if (firstOfPlayer) c.firstDays.set(play.playerId, play.day);
      const hourPlayers = getOr(c.hourPlayers, play.hour, () => new Set<number>());
      const firstOfPlayerThisHour = !hourPlayers.has(play.playerId);
      hourPlayers.add(play.playerId);
      const dayPlayers = getOr(c.dayPlayers, play.day, () => new Set<number>());
      const firstOfPlayerToday = !dayPlayers.has(play.playerId);
      dayPlayers.add(play.playerId);
      const firsts = { firstOfPlayer, firstOfPlayerToday, firstOfPlayerThisHour };
      countPlay(
        c,
        play,
        play.answers.map(({ key, selectedSongId }) => ({ ...key, selectedSongId })),
        counted ?? firsts,
      );
      if (play.mode === 'daily') {
        getOr(c.daily.players, play.day, () => new Set<number>()).add(play.playerId);
        getOr(c.daily.scores, play.day, () => new Array<number>(PLAY_LENGTH + 1).fill(0))[play.score]!++;
        const lines = getOr(c.daily.lines, play.day, () => new Map<number, ItemCounts>());
        for (const { key, selectedSongId } of play.answers)
          bump(lines, key.lyricId, selectedSongId === key.songId);
      }
      return firsts;
    },
  };
}
