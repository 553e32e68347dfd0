/**
 * Every counter recomputed from the raw record, play by play in the order they
 * were recorded (`kviz stats verify|rebuild`, the migration of an old database).
 * Pure: no db. The play store writes the same figures incrementally; the
 * property test in counters.test.ts holds the two together.
 */
import type { BrowserFamily, DeviceClass } from '../shared/devices';
import type { Difficulty } from '../shared/difficulty';
import { PLAY_LENGTH } from '../shared/rules';
import type { Day } from './day';
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
  difficulty: Difficulty;
  deviceClass: DeviceClass;
  browser: BrowserFamily;
  score: number;
  answers: RecordedAnswer[];
}

export interface ItemCounts {
  occurrences: number;
  correct: number;
}

export interface Counters {
  lyrics: Map<number, ItemCounts>;
  songs: Map<number, ItemCounts>;
  albums: Map<number, ItemCounts>;
  /** Score histogram (all time) per difficulty. */
  scores: Map<Difficulty, number[]>;
  /** Per hour of day 0–23. */
  hours: { attempts: number[]; uniquePlayers: number[] };
  hourPlayers: Map<number, Set<number>>;
  totals: { plays: number; players: number; answers: number; correct: number; scoreSum: number };
  days: Map<Day, DayCounts>;
  dayScores: Map<Day, Map<Difficulty, ScoreCounts>>;
  dayPlayers: Map<Day, Set<number>>;
  /** Right line → wrong song selected → times. */
  lyricConfusions: Map<number, Map<number, number>>;
  /** Right song → wrong song selected → times. */
  songConfusions: Map<number, Map<number, number>>;
  /** Each player's first day (the day of their first recorded play). */
  firstDays: Map<number, Day>;
}

const getOr = <K, V>(map: Map<K, V>, key: K, create: () => V): V => {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
};

const bump = (map: Map<number, ItemCounts>, id: number, correct: boolean) => {
  const counts = getOr(map, id, () => ({ occurrences: 0, correct: 0 }));
  counts.occurrences++;
  if (correct) counts.correct++;
};

const confuse = (map: Map<number, Map<number, number>>, right: number, picked: number) => {
  const row = getOr(map, right, () => new Map<number, number>());
  row.set(picked, (row.get(picked) ?? 0) + 1);
};

/** An accumulator: `add` each play in recording order, then read `counters`. */
export function createRecompute() {
  const counters: Counters = {
    lyrics: new Map(),
    songs: new Map(),
    albums: new Map(),
    scores: new Map(),
    hours: { attempts: new Array(HOURS_PER_DAY).fill(0), uniquePlayers: new Array(HOURS_PER_DAY).fill(0) },
    hourPlayers: new Map(),
    totals: { plays: 0, players: 0, answers: 0, correct: 0, scoreSum: 0 },
    days: new Map(),
    dayScores: new Map(),
    dayPlayers: new Map(),
    lyricConfusions: new Map(),
    songConfusions: new Map(),
    firstDays: new Map(),
  };
  const c = counters;
  return {
    counters,
    add(play: RecordedPlay): void {
      let correct = 0;
      for (const { key, selectedSongId } of play.answers) {
        const right = selectedSongId === key.songId;
        if (right) correct++;
        bump(c.lyrics, key.lyricId, right);
        bump(c.songs, key.songId, right);
        bump(c.albums, key.albumId, right);
        if (!right) {
          confuse(c.lyricConfusions, key.lyricId, selectedSongId);
          confuse(c.songConfusions, key.songId, selectedSongId);
        }
      }
      getOr(c.scores, play.difficulty, () => new Array<number>(PLAY_LENGTH + 1).fill(0))[play.score]!++;

      const firstOfPlayer = !c.firstDays.has(play.playerId);
      if (firstOfPlayer) c.firstDays.set(play.playerId, play.day);
      const hourPlayers = getOr(c.hourPlayers, play.hour, () => new Set<number>());
      c.hours.attempts[play.hour]!++;
      if (!hourPlayers.has(play.playerId)) {
        hourPlayers.add(play.playerId);
        c.hours.uniquePlayers[play.hour]!++;
      }
      c.totals.plays++;
      if (firstOfPlayer) c.totals.players++;
      c.totals.answers += play.answers.length;
      c.totals.correct += correct;
      c.totals.scoreSum += play.score;

      const dayPlayers = getOr(c.dayPlayers, play.day, () => new Set<number>());
      const firstOfPlayerToday = !dayPlayers.has(play.playerId);
      dayPlayers.add(play.playerId);
      addDayCounts(
        getOr(c.days, play.day, emptyDayCounts),
        dayCountsOfPlay({
          ...play,
          answers: play.answers.length,
          correct,
          firstOfPlayer,
          firstOfPlayerToday,
        }),
      );
      const byDifficulty = getOr(c.dayScores, play.day, () => new Map<Difficulty, ScoreCounts>());
      addScoreCounts(getOr(byDifficulty, play.difficulty, emptyScoreCounts), scoreCountsOfPlay(play.score));
    },
  };
}
