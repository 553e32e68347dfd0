import type { GradedPlay } from '../play/grade';
import type { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import type { Confusion, LineConfusion } from '../shared/contracts/time-series';
import type { BrowserFamily, DeviceClass } from '../shared/devices';
import type { Difficulty } from '../shared/difficulty';
import type { Day } from '../time/day';
import type { DayCounts, ScoreCounts } from './encoding/day-counts';

/**
 * The two data-access interfaces of the statistics (docs/decisions/011-code-layout.md):
 * the write side records plays and keeps the counters, the read side answers
 * every statistics query. All SQL of plays, answers and counters lives behind
 * them; each database engine has one implementation of each (`sqlite/`).
 * Async, so an engine with a network round trip fits the same signatures.
 */

export interface PlayToRecord extends GradedPlay {
  /** The quiz token's nonce: a token is recorded once. */
  nonce: string;
  sessionId: string;
  createdAtMs: number;
  /** Calendar day in STATS_TIMEZONE. */
  day: Day;
  /** Hour of day 0–23 in STATS_TIMEZONE. */
  hour: number;
  difficulty: Difficulty;
  /**
   * Set when the play is the daily challenge: the day its token was issued for. The store
   * ranks it when that day is the play's own and the player has no ranked play of it yet
   * (docs/decisions/021); otherwise it is recorded as practice.
   */
  dailyDay?: Day;
  /** Derived from the user-agent string (src/play/device.ts); the string itself is not kept. */
  deviceClass: DeviceClass;
  browser: BrowserFamily;
}

export interface RecordOutcome {
  playId: number;
  score: number;
  totalQuestions: number;
  /** The token was recorded before: nothing was written, the first result is returned. */
  duplicate: boolean;
  /** With `duplicate`: the recorded answers (the compact record), to tell a replay from a conflict. */
  recordedAnswers?: Uint8Array;
  /** Daily challenge plays only: whether the play counts in the day's ranking. */
  ranked?: boolean;
}

export interface CounterDifference {
  table: string;
  key: string | number;
  column: string;
  stored: number;
  recomputed: number;
}

/** Options of the operations whose time grows with the raw record (verify, rebuild, the migration). */
export interface LongRunOptions {
  /** Called every few thousand plays with the plays done and the plays in all. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the work between two chunks; nothing is written (the transaction rolls back). */
  signal?: AbortSignal;
}

/** Thrown by long work whose signal was aborted: its transaction was rolled back, nothing was written. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted: nothing was written');
    this.name = 'Interrupted';
  }
}

/** Quizzes issued per day, counted in memory until written (src/play/quizzes-issued.ts). */
export type QuizzesIssued = ReadonlyMap<Day, number>;

/** The write side: plays, their answers and every counter derived from them. */
export interface PlayStore {
  /**
   * Records plays in one transaction, each play in its own savepoint: the
   * result holds an Error for each play that failed alone, the others commit.
   * `quizzesIssued` is added in the same transaction. Rejects when the
   * transaction itself fails (nothing was recorded).
   */
  recordPlays(plays: PlayToRecord[], quizzesIssued?: QuizzesIssued): Promise<(RecordOutcome | Error)[]>;
  /** The play recorded with this token nonce, as a duplicate's outcome; undefined when none was. */
  findRecorded(nonce: string): Promise<RecordOutcome | undefined>;
  /** Line → song selected, of a play's recorded answers (`recordedAnswers`). */
  recordedSelections(answers: Uint8Array): Promise<Map<number, number>>;
  /**
   * Writes the counters a play's transaction leaves to later (docs/decisions/025: per line, song
   * and album, confusions, per-key day totals) for every play recorded so far, by any process,
   * from the raw record past the watermark; resolves with the number of plays it counted. The
   * server runs it at start (the catch-up), every second while plays come, and at a graceful
   * stop; every read of those counters runs it first. An engine that writes every counter in the
   * play's transaction resolves 0.
   */
  flushCounters(): Promise<number>;
  /**
   * Every difference between the stored counters and a recompute from the raw
   * record. Holds a read transaction on this store's connection while it runs
   * (the command line runs it on a connection of its own).
   */
  verifyCounters(options?: LongRunOptions): Promise<CounterDifference[]>;
  /** Rewrites every counter from the raw record, in one transaction (quizzes issued are kept: no raw record has them). */
  rebuildCounters(options?: LongRunOptions): Promise<void>;
  /** What the engine's own consistency check finds wrong with the stored data; empty when sound. */
  checkIntegrity(): Promise<string[]>;
}

/** A line of a day's daily challenge with its ranked answers. */
export interface DailyLineCounts {
  lyricId: number;
  text: string;
  occurrences: number;
  correct: number;
}

/** The reads of the daily challenge's counters (docs/decisions/021). */
export interface DailyStore {
  /** Score → ranked daily plays of `day` with it. */
  getScores(day: Day): Promise<Map<number, number>>;
  /** The lines of `day`'s challenge that ranked plays answered, with their answers. */
  getLines(day: Day): Promise<DailyLineCounts[]>;
  /** The days from `since` on with a ranked daily play of this session id, latest first. */
  getRankedDays(sessionId: string, since: Day): Promise<Day[]>;
}

export interface ConfusionQuery {
  limit: number;
  /**
   * The picks of these days only (both included), from cumulative_confusions
   * (docs/decisions/024); without it, all time from lyric_confusions/song_confusions.
   */
  range?: { from: Day; to: Day };
}

/** The read side: every statistics query reads counters, so its cost does not grow with the plays. */
export interface StatsStore {
  /**
   * Changes whenever recorded statistics may have changed, by this process or
   * any other on the same database; response caches are keyed on it. Read on
   * every cached request, so it is synchronous and cheap: an engine behind a
   * network keeps it in memory and refreshes it (docs/decisions/010).
   */
  version(): string;
  getOverview(): Promise<Overview>;
  /** Score → number of recorded plays with it, all time, of one difficulty. */
  getScoreHistogram(difficulty?: Difficulty): Promise<Map<number, number>>;
  getLyricStats(): Promise<LyricStat[]>;
  getSongStats(): Promise<SongStat[]>;
  getAlbumStats(): Promise<AlbumStat[]>;
  /** 24 entries, hours 0–23, zeros included. */
  getHourly(): Promise<HourlyStat[]>;
  /** The running totals through `day` (every day up to it, itself included): one row read. */
  getDaysThrough(day: Day): Promise<DayCounts>;
  /** Quizzes issued through `day`: one row read. */
  getQuizzesThrough(day: Day): Promise<number>;
  /** The score histogram of one difficulty through `day`: one row read. */
  getScoresThrough(day: Day, difficulty: Difficulty): Promise<ScoreCounts>;
  /** Each day's own counts in [from, to] (days without plays absent): at most one row per day, plus one. */
  getDays(from: Day, to: Day): Promise<Map<Day, DayCounts>>;
  /** Each day's quizzes issued in [from, to] (days without any absent). */
  getQuizzesIssued(from: Day, to: Day): Promise<Map<Day, number>>;
  /** The wrong songs picked for a line, most picked first. */
  getLineConfusions(lyricId: number, query: ConfusionQuery): Promise<LineConfusion[]>;
  /** The wrong songs picked when a song was the answer, most picked first. */
  getSongConfusions(songId: number, query: ConfusionQuery): Promise<Confusion[]>;
  /** The (right song, wrong song) pairs picked most, over the whole catalogue. */
  getTopConfusions(query: ConfusionQuery): Promise<Confusion[]>;
  /** The first day with a recorded play or an issued quiz; null when there is none. */
  getFirstDay(): Promise<Day | null>;
  /**
   * Distinct players with a play in [from, to] (each counted once, however many days they
   * played): a count over the day memberships of the range, so its cost grows with the
   * player-days of the range (docs/decisions/024).
   */
  getDistinctPlayers(from: Day, to: Day): Promise<number>;
  /**
   * The lyric, song and album lists (same rows and order as the all-time ones) with the counts
   * of [from, to]: per answer key, the running totals through `to` minus those through the day
   * before `from` (docs/decisions/019).
   */
  getRangeLyricStats(from: Day, to: Day): Promise<LyricStat[]>;
  getRangeSongStats(from: Day, to: Day): Promise<SongStat[]>;
  getRangeAlbumStats(from: Day, to: Day): Promise<AlbumStat[]>;
  /** Resolves when the database answers a query (the health check). */
  ping(): Promise<void>;
}
