import type { AlbumStat, HourlyStat, LyricStat, Overview, SongStat } from '../shared/contracts/stats';
import type { GradedPlay } from './grade';

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
  deviceInfo: string;
  createdAtMs: number;
  /** Hour of day 0–23 in STATS_TIMEZONE. */
  hour: number;
}

export interface RecordOutcome {
  playId: number;
  score: number;
  totalQuestions: number;
  /** The token was recorded before: nothing was written, the first result is returned. */
  duplicate: boolean;
}

export interface CounterDifference {
  table: string;
  key: string | number;
  column: string;
  stored: number;
  recomputed: number;
}

/** The write side: plays, their answers and every counter derived from them. */
export interface PlayStore {
  /**
   * Records plays in one transaction, each play in its own savepoint: the
   * result holds an Error for each play that failed alone, the others commit.
   * Rejects when the transaction itself fails (nothing was recorded).
   */
  recordPlays(plays: PlayToRecord[]): Promise<(RecordOutcome | Error)[]>;
  /** Every difference between the stored counters and a recompute from the raw answers. */
  verifyCounters(): Promise<CounterDifference[]>;
  /** Rewrites every counter from the raw answers, in one transaction. */
  rebuildCounters(): Promise<void>;
  /** What the engine's own consistency check finds wrong with the stored data; empty when sound. */
  checkIntegrity(): Promise<string[]>;
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
  /** Score → number of recorded plays with it. */
  getScoreHistogram(): Promise<Map<number, number>>;
  getLyricStats(): Promise<LyricStat[]>;
  getSongStats(): Promise<SongStat[]>;
  getAlbumStats(): Promise<AlbumStat[]>;
  /** 24 entries, hours 0–23, zeros included. */
  getHourly(): Promise<HourlyStat[]>;
  /** Resolves when the database answers a query (the health check). */
  ping(): Promise<void>;
}
