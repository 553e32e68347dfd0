import { type EncodedBody, type Exchange, encodeJson, sendBody } from '../http/encoded-body';
import type { LineResult, LyricStat, SongStat } from '../shared/contracts/stats';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, type Difficulty } from '../shared/difficulty';
import { type Counted, type DifficultyOrder, rankByDifficulty } from '../shared/ranking';
import { PLAY_LENGTH } from '../shared/rules';
import type { StatsStore } from '../storage/contract';
import { percentileOf } from './percentile';
import { cachedPerVersion } from './version-cache';

/** The optional narrowing of a list read; none of them: the whole list, as the dashboard's tables read it. */
export interface ListQuery {
  limit?: number;
  offset?: number;
  minOccurrences?: number;
  sort?: DifficultyOrder;
}

type MaybePromise<T> = T | Promise<T>;

const then = <T, R>(value: MaybePromise<T>, next: (value: T) => R): MaybePromise<R> =>
  value instanceof Promise ? value.then(next) : next(value);

/** A list narrowed as a query asks (filter, rank, page): what `listRead` does for a list that is not cached. */
export function narrowList<Row extends Counted>(rows: Row[], query: ListQuery = {}): Row[] {
  const { limit, offset = 0, minOccurrences = 0, sort } = query;
  const ranked = sort ? rankByDifficulty(rows, sort) : rows;
  const kept = minOccurrences > 0 ? ranked.filter((row) => row.occurrences >= minOccurrences) : ranked;
  return kept.slice(offset, limit === undefined ? undefined : offset + limit);
}

/**
 * A list read: the whole list is encoded once per version (the lyric list alone is ~350 KB of
 * JSON); a narrowed read filters, ranks (ranked copies kept per version) and pages the rows.
 */
function listRead<Row extends Counted>(version: () => string, read: () => Promise<Row[]>) {
  const rows = cachedPerVersion(version, read);
  const whole = cachedPerVersion(version, () => then(rows(), encodeJson));
  const ranked = {
    easiest: cachedPerVersion(version, () => then(rows(), (r) => rankByDifficulty(r, 'easiest'))),
    hardest: cachedPerVersion(version, () => then(rows(), (r) => rankByDifficulty(r, 'hardest'))),
  };
  return (query: ListQuery = {}): MaybePromise<EncodedBody> => {
    const { limit, offset = 0, minOccurrences = 0, sort } = query;
    if (limit === undefined && offset === 0 && minOccurrences === 0 && sort === undefined) return whole();
    return then(sort ? ranked[sort]() : rows(), (list) => {
      const kept = minOccurrences > 0 ? list.filter((row) => row.occurrences >= minOccurrences) : list;
      return encodeJson(kept.slice(offset, limit === undefined ? undefined : offset + limit));
    });
  };
}

/**
 * The statistics reads as encoded JSON with a strong ETag, computed once per statistics
 * version (docs/decisions/010, 013). Public and admin routes share these.
 */
export function createCachedStatsJson(stats: StatsStore) {
  // Reads of the folded counters alone follow their own version (PostgreSQL: folds, not commits).
  const counters = stats.countersVersion ?? stats.version;
  const json = (read: () => Promise<unknown>, version = counters) =>
    cachedPerVersion(version, async () => encodeJson(await read()));
  // Per difficulty: a play is compared with plays of its own difficulty (docs/decisions/022).
  const percentilesOf = (difficulty: Difficulty) => {
    const histogram = cachedPerVersion(stats.version, () => stats.getScoreHistogram(difficulty));
    return Array.from({ length: PLAY_LENGTH + 1 }, (_, score) =>
      json(async () => percentileOf(score, await histogram()), stats.version),
    );
  };
  const percentiles = Object.fromEntries(DIFFICULTIES.map((d) => [d, percentilesOf(d)])) as Record<
    Difficulty,
    ReturnType<typeof percentilesOf>
  >;
  const lyricsById = cachedPerVersion(
    counters,
    async () => new Map((await stats.getLyricStats()).map((l) => [l.lyricId, l])),
  );
  // The wrong song picked most often for a line, per statistics version: one indexed read per
  // line and version, not per request (a results page asks for a play's 30 lines; unlimited
  // reads of 50 lines each cost 24× an overview and slowed every other read, issue 37).
  // Keyed by the catalogue's lyric ids only, so it holds at most one entry a line.
  const topConfusion = cachedPerVersion(
    counters,
    () => new Map<number, Promise<LineResult['confusedWith']>>(),
  );
  const confusionOf = (byLine: Map<number, Promise<LineResult['confusedWith']>>, lyricId: number) => {
    let top = byLine.get(lyricId);
    if (!top) {
      top = Promise.resolve(stats.getLineConfusions(lyricId, { limit: 1 })).then(([first]) =>
        first
          ? { songId: first.selectedSongId, title: first.selectedSongTitle, times: first.times }
          : undefined,
      );
      // A failed read is not kept: the next request tries again.
      top.catch(() => byLine.delete(lyricId));
      byLine.set(lyricId, top);
    }
    return top;
  };
  /**
   * The lines asked, in the order asked; unknown ids are left out. A line some players missed
   * carries the wrong song picked most often for it (read once per line and statistics version).
   */
  const lines = async (ids: number[]): Promise<LineResult[]> => {
    const byId = await lyricsById();
    const byLine = await topConfusion();
    const known = ids.flatMap((id) => {
      const line = byId.get(id);
      return line ? [line] : [];
    });
    return Promise.all(
      known.map(async ({ lyricId, occurrences, correctAnswers }): Promise<LineResult> => {
        const result: LineResult = { lyricId, occurrences, correctAnswers };
        if (correctAnswers >= occurrences) return result;
        const top = await confusionOf(byLine, lyricId);
        if (top) result.confusedWith = top;
        return result;
      }),
    );
  };
  return {
    lines,
    overview: json(stats.getOverview),
    lyrics: listRead<LyricStat>(counters, stats.getLyricStats),
    songs: listRead<SongStat>(counters, stats.getSongStats),
    albums: json(stats.getAlbumStats),
    hourly: json(stats.getHourly),
    percentile: (score: number, difficulty: Difficulty = DEFAULT_DIFFICULTY) =>
      percentiles[difficulty][score]!(),
  };
}

export type CachedStatsJson = ReturnType<typeof createCachedStatsJson>;

/** How an answer may be cached: public statistics are revalidated by ETag, admin ones never stored. */
export interface ReadCaching {
  /** Extra response headers (Cache-Control, Vary). */
  headers: Record<string, string>;
  /** Send the ETag and answer If-None-Match with 304. */
  conditional: boolean;
  /** The statistics version that keyed caches of these answers follow (src/http/keyed-cache.ts). */
  version?: () => string;
}

/** The JSON answer of a cached read: synchronous when the cache holds it, as it does under load. */
export const jsonResponse = (
  body: MaybePromise<EncodedBody>,
  exchange: Exchange,
  caching: ReadCaching = { headers: {}, conditional: false },
) => {
  const headers = { 'content-type': 'application/json; charset=utf-8', ...caching.headers };
  const send = (ready: EncodedBody) =>
    sendBody(caching.conditional ? ready : { ...ready, etag: undefined }, exchange, headers);
  return then(body, send);
};
