import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { ImportSummary } from '../catalogue/import-walk';
import type { NormalizedCatalogue } from '../catalogue/openapi';
import type { Logger } from '../logger';
import type { GradedPlay } from '../play/grade';
import type { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import type { Confusion, LineConfusion } from '../shared/contracts/time-series';
import type { BrowserFamily, DeviceClass } from '../shared/devices';
import type { Difficulty } from '../shared/difficulty';
import type { PlayMode } from '../shared/play-mode';
import type { Day } from '../time/day';
import type { DayCounts, ScoreCounts } from './encoding/day-counts';
import type { FilterablePlay, PlayWhere } from './encoding/filtered-counts';
import type { LongRunOptions, Progress } from './long-work';
import type { MigrationStatus } from './migration-journal';

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
  /**
   * The address it came from has spent its ranked daily plays of the day
   * (RATE_LIMIT_DAILY_RANKED_PER_ADDRESS, docs/decisions/012): recorded as practice.
   */
  unranked?: boolean;
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
  /**
   * `findRecorded` is a read on the request thread's own connection (SQLite: an indexed read of a
   * few microseconds), cheap enough to try before every submission: a replay found so is answered
   * without a trip through the write path (docs/decisions/012, issue 37). Absent (PostgreSQL: a
   * round trip), the write finds the duplicate itself.
   */
  readonly findsRecordedLocally?: boolean;
  /** Line → song selected, of a play's recorded answers (`recordedAnswers`). */
  recordedSelections(answers: Uint8Array): Promise<Map<number, number>>;
  /**
   * Writes the counters a play's transaction leaves to later (docs/decisions/025: per line, song
   * and album, confusions, per-key day totals) for every play recorded so far, by any process,
   * from the raw record past the watermark; resolves with the number of plays it counted. The
   * server runs it at start (the catch-up), at most COUNTER_FLUSH_MS (src/play/counter-flush.ts)
   * after the first play since the last flush while plays come, and at a graceful stop; an
   * in-process SQLite store also runs it before every read of those counters, while a serving
   * process's writer runs it on its own thread and reads never wait for it (docs/decisions/035).
   * An engine that writes every counter in the play's transaction resolves 0.
   */
  flushCounters(): Promise<number>;
  /**
   * The engine flushes the deferred counters by itself, within COUNTER_FLUSH_MS of a commit (the
   * SQLite writer of a serving process, docs/decisions/035; PostgreSQL's aggregator turns,
   * docs/decisions/030): the app runs no flush timer of its own.
   */
  readonly flushesOnItsOwn?: boolean;
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
  /** Which check `checkIntegrity` runs here, for the operator (PostgreSQL: amcheck or its fallback). */
  integrityMethod(): Promise<string>;
}

/** A line of a day's daily challenge with its ranked answers. */
interface DailyLineCounts {
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

interface ConfusionQuery {
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
  /**
   * Changes whenever the folded counters may have changed (a subset of `version()`'s changes):
   * what caches of reads of those counters alone (overview, line/song/album lists, hours and the
   * pages made of them) key on. PostgreSQL folds plays into the counters after their commit
   * (docs/decisions/030), so its commits move `version()` (the score histogram and a day's ranked
   * scores count the plays not folded yet) but not this. Absent: `version()` is used.
   */
  countersVersion?(): string;
  getOverview(): Promise<Overview>;
  /** Score → number of recorded plays with it, all time, of one difficulty. */
  getScoreHistogram(difficulty?: Difficulty): Promise<Map<number, number>>;
  getLyricStats(): Promise<LyricStat[]>;
  getSongStats(): Promise<SongStat[]>;
  getAlbumStats(): Promise<AlbumStat[]>;
  /** 24 entries, hours 0–23, zeros included. */
  getHourly(): Promise<HourlyStat[]>;
  /**
   * Players by the earliest hour of day they ever played in: entry h counts the players whose
   * first hour of day (of any play, all time) is h. From the kept player–hour set (hour_players),
   * one row per player and hour: docs/decisions/033.
   */
  getPlayersByEarliestHour(): Promise<number[]>;
  /** The running totals through `day` (every day up to it, itself included): one row read. */
  getDaysThrough(day: Day): Promise<DayCounts>;
  /** Quizzes issued through `day`: one row read. */
  getQuizzesThrough(day: Day): Promise<number>;
  /** The score histogram of one play mode through `day`: one row read. */
  getScoresThrough(day: Day, mode: PlayMode): Promise<ScoreCounts>;
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
  /**
   * Calls `visit` with each play of [from, to] (both included) that `where` keeps, decoded, in no
   * particular order; resolves with their number. The one read of the raw record by the dashboard:
   * its filters (docs/decisions/039). Its cost grows with the plays of those days (an index on
   * `plays.day` finds them), unlike every other read here.
   */
  forEachPlayOfDays(
    from: Day,
    to: Day,
    where: PlayWhere,
    visit: (play: FilterablePlay) => void,
  ): Promise<number>;
  /** Resolves when the database answers a query (the health check). */
  ping(): Promise<void>;
  /**
   * Registers a listener for the errors of the engine's own background reads (PostgreSQL's
   * once-a-second statistics version): an outage is seen before a request meets it. Absent on
   * SQLite, which reads nothing in the background.
   */
  onFault?(listener: (error: unknown) => void): void;
}

/** One answer of a live game: the option chosen, when (ms after the line was sent) and its points; null: none. */
export type PartyAnswerRecord = readonly [option: number, elapsedMs: number, points: number] | null;

/** A finished Kviz uživo game as it is recorded (docs/decisions/031-live-game.md). */
export interface PartyGameRecord {
  code: string;
  startedAtMs: number;
  endedAtMs: number;
  settings: { lines: number; seconds: number; difficulty: Difficulty; autoNext: number };
  /** The lines shown, in order, with how many answered and how many were right. */
  lines: { lyricId: number; correctSongId: number; skipped: boolean; answered: number; correct: number }[];
  /** Best first; `answers` per line shown. */
  players: {
    rank: number;
    nickname: string;
    points: number;
    correct: number;
    answers: PartyAnswerRecord[];
  }[];
}

export interface PartyGameSummary {
  id: number;
  code: string;
  startedAtMs: number;
  endedAtMs: number;
  lines: number;
  seconds: number;
  difficulty: string;
  autoNext: number;
  players: number;
  linesPlayed: number;
}

export interface PartyGameResults {
  game: PartyGameSummary;
  lines: (PartyGameRecord['lines'][number] & { position: number })[];
  players: PartyGameRecord['players'];
}

/** A line over every live game that showed it (skipped ones left out). */
interface PartyLineStat {
  lyricId: number;
  games: number;
  /** Players of those games: each was shown the line. */
  shown: number;
  correct: number;
}

/** Kviz uživo's record: apart from the free-play tables, so live answers reach no percentile or top list. */
export interface PartyStore {
  recordGame(game: PartyGameRecord): Promise<number>;
  /** The latest games first. */
  listGames(limit: number): Promise<PartyGameSummary[]>;
  getGame(id: number): Promise<PartyGameResults | undefined>;
  getLineStats(): Promise<PartyLineStat[]>;
}

/** An administrator's note on a date (docs/decisions/037). */
export interface Annotation {
  id: number;
  day: Day;
  text: string;
}

/** The administrator's notes on dates, drawn on the dashboard's trend: a handful of rows. */
export interface AnnotationStore {
  /** The notes of [from, to], by day, then in the order added. */
  list(from: Day, to: Day): Promise<Annotation[]>;
  add(day: Day, text: string, createdAtMs: number): Promise<Annotation>;
  /** Whether a note with this id was there (and is now gone). */
  remove(id: number): Promise<boolean>;
  count(): Promise<number>;
}

/** What a source counter counts (docs/decisions/040): a landing visit's referrer or campaign, or a share. */
export type SourceKind = 'referrer' | 'campaign' | 'share';

/** A count of one day, kind and key (a host, `source|medium|campaign`, a share target). */
export interface SourceCount {
  day: Day;
  kind: SourceKind;
  key: string;
  count: number;
}

/**
 * Landing visits by referrer and campaign and presses of the share buttons, per day
 * (docs/decisions/040): counted in memory and added a few seconds' worth at a time, never a write
 * per request. Referrers and campaigns keep at most SOURCE_KEYS_PER_DAY keys a day each; the
 * smallest beyond them are folded into OTHER_SOURCE (src/shared/contracts/admin-sources.ts), so a
 * flood of made-up referrers cannot grow the table.
 */
export interface SourceStore {
  /** Adds the counts in one transaction. */
  add(counts: readonly SourceCount[]): Promise<void>;
  /** Per kind and key, the counts of [from, to] summed. */
  sums(from: Day, to: Day): Promise<Omit<SourceCount, 'day'>[]>;
}

/** The statistics stores of one engine: the write side, the read side and the daily challenge's reads. */
export interface StatsStores {
  plays: PlayStore;
  stats: StatsStore;
  /** The daily challenge's reads (docs/decisions/021). */
  daily: DailyStore;
  /** Kviz uživo's finished games (docs/decisions/031). */
  party: PartyStore;
  /** The dashboard's notes on dates (docs/decisions/037). */
  annotations: AnnotationStore;
  /** Where visits come from and the shares (docs/decisions/040). */
  sources: SourceStore;
}

/** A key's window: events counted in it and when it ends (0 and 0: no live window). */
export interface WindowCount {
  count: number;
  resetAtMs: number;
}

/**
 * Fixed windows of counted events per limit (`scope`) and client key, kept in the database so
 * that every instance counts the same requests (PostgreSQL: rate limits and the admin lockout,
 * docs/decisions/036). A window starts at the key's first event and lasts `windowMs`; `nowMs`
 * is the caller's clock. SQLite keeps its limiters in process (one server per file).
 */
export interface LimitWindows {
  /** Counts one event unless the live window holds `limit` already; the window after, and whether it was counted. */
  take(
    scope: string,
    key: string,
    windowMs: number,
    limit: number,
    nowMs: number,
  ): Promise<WindowCount & { allowed: boolean }>;
  peek(scope: string, key: string, nowMs: number): Promise<WindowCount>;
  /**
   * A route's windows of one key, in order, in one round trip (the submissions' minute and hour):
   * each is taken as `take` does until one refuses; the ones after it are only read, as `peek`
   * does (a refused request counts nowhere after the window that refused it). `allowed` of a
   * window only read: its count is under its limit.
   */
  takeInOrder(
    key: string,
    windows: readonly { scope: string; windowMs: number; limit: number }[],
    nowMs: number,
  ): Promise<(WindowCount & { allowed: boolean })[]>;
  /** Takes back one event of the live window (a reserved failure that did not happen). */
  give(scope: string, key: string, nowMs: number): Promise<void>;
  forget(scope: string, key: string): Promise<void>;
  forgetAll(scope: string): Promise<void>;
}

/** The `meta` table of either engine: generated secrets and settings every process on the database shares. */
export interface MetaStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, value: string): Promise<void>;
  /** The stored value, or `create()` stored and returned; never overwritten once set. */
  readOrCreate(key: string, create: () => string): Promise<string>;
}

/** What the daily challenge keeps in the database, so every process on it agrees (docs/decisions/021). */
export interface DailySettings {
  /** Keys the choice of each day's lines and options; generated once, never sent. */
  secret: string;
  /** The first day the server ran (in the statistics time zone): challenge number 1. */
  firstDay: Day;
}

/** How a catalogue import reports progress and learns to stop (SQLite writes in steps; PostgreSQL at once). */
export interface ImportOptions {
  onProgress?: (lines: number, totalLines: number) => void;
  signal?: AbortSignal;
  linesPerStep?: number;
}

/** An open database of either engine: what `kviz serve` and every command work with (src/storage/open.ts). */
export interface Runtime {
  engine: 'sqlite' | 'postgres';
  stores: StatsStores;
  /** The catalogue as it was when the runtime was opened (docs/decisions/003). */
  catalogue: CatalogueIndex;
  secrets: { quizToken: string; playerSalt: string };
  /** Generated secrets and settings (admin password hash, unlock marker), shared by every process on the database. */
  meta: MetaStore;
  /** The daily challenge's secret and first day (docs/decisions/021). */
  daily: DailySettings;
  /** Writes a catalogue in one transaction; SQLite reports progress between steps and stops on `signal`. */
  importCatalogue(catalogue: NormalizedCatalogue, options?: ImportOptions): Promise<ImportSummary>;
  /**
   * Brings a database written by an older version up to date before anything is served (SQLite's
   * compact raw record, docs/decisions/014); returns the plays converted, undefined when there was nothing to do.
   */
  upgrade(
    progress: Progress,
    note: (message: string, fields?: Record<string, unknown>) => void,
  ): Promise<number | undefined>;
  /** Where the data lives, for logs (a PostgreSQL URL without its password). */
  describe: string;
  /** Rate-limit windows shared by every instance (PostgreSQL); absent: the limiters stay in process (SQLite). */
  limitWindows?: LimitWindows;
  close(): Promise<void>;
}

/**
 * `seed`: import the embedded demo catalogue into an empty database (the server's first start).
 * `exclusive`: this process serves the database; SQLite refuses a second server on the same file,
 * PostgreSQL opens a pool of DATABASE_POOL_MAX connections for it (a command: one).
 */
export type OpenOptions = ({ seed: false } | { seed: true; log: Logger }) & {
  exclusive?: boolean;
  /** Told of each migration applied while opening (MIGRATE_ON_START=true): one log line each. */
  onMigrated?: (tag: string) => void;
  /**
   * This process answers requests (`kviz serve`). SQLite then writes on a thread of its own
   * (docs/decisions/035); `onLost` is told when that writer is gone (nothing more would be
   * written: the server stops), `onFlushFailed` when a flush it ran by itself failed,
   * `onCheckpointFailed` when a checkpoint of the WAL failed or its thread is gone (the writer's
   * commits checkpoint again: docs/decisions/042), `debug` of each flush as it starts and ends.
   */
  serving?: {
    onLost(error: Error): void;
    onFlushFailed?(error: Error): void;
    onCheckpointFailed?(error: Error): void;
    debug?(message: string, fields: Record<string, unknown>): void;
  };
};

/**
 * `kviz db check` (docs/deploy.md): each step runs only when the one before passed. `problem`
 * says what failed, in one line naming the database (never a password).
 */
export interface DatabaseCheck {
  reachable: boolean;
  /** Applied and pending migrations, once reachable. */
  migrations?: MigrationStatus;
  /** A small write committed (and emptied again) in the `meta` table, once migrated. */
  writable?: boolean;
  problem?: string;
}

export type { ImportSummary } from '../catalogue/import-walk';
// The per-day counters are part of the read side's answers; the features build series and ranges from them.
export {
  addScoreCounts,
  type DayCounts,
  dailySeries,
  emptyDayCounts,
  emptyScoreCounts,
  type RangeCounts,
  scoreDistribution,
  subtractDayCounts,
  subtractScoreCounts,
  summarizeRange,
} from './encoding/day-counts';
export {
  createFilteredCount,
  type FilteredCounts,
} from './encoding/filtered-counts';
export {
  Interrupted,
  interruptible,
  type Progress,
  type ProgressReporter,
} from './long-work';
export type { MigrationStatus } from './migration-journal';
export { DatabaseOpenError } from './open-error';
