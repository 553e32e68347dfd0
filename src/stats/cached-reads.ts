import { type EncodedBody, encodeBody, sendBody } from '../http/encoded-body';
import type { LineResult } from '../shared/contracts/stats';
import { PLAY_LENGTH } from '../shared/rules';
import { percentileOf } from './percentile';
import type { StatsStore } from './store';
import { cachedPerVersion } from './version-cache';

/**
 * The statistics reads as encoded JSON, computed once per statistics version:
 * the lyric list alone is ~350 KB of JSON, and re-serializing it per request
 * would dominate its cost. Public and admin routes share these.
 */
export function createCachedStatsJson(stats: StatsStore) {
  const json = (read: () => Promise<unknown>) =>
    cachedPerVersion(stats.version, async () => encodeBody(JSON.stringify(await read())));
  const histogram = cachedPerVersion(stats.version, stats.getScoreHistogram);
  const percentiles = Array.from({ length: PLAY_LENGTH + 1 }, (_, score) =>
    json(async () => percentileOf(score, await histogram())),
  );
  const lyricsById = cachedPerVersion(
    stats.version,
    async () => new Map((await stats.getLyricStats()).map((l) => [l.lyricId, l])),
  );
  /** The lines asked, in the order asked; unknown ids are left out. */
  const lines = async (ids: number[]): Promise<LineResult[]> => {
    const byId = await lyricsById();
    return ids.flatMap((id) => {
      const line = byId.get(id);
      return line
        ? [{ lyricId: id, occurrences: line.occurrences, correctAnswers: line.correctAnswers }]
        : [];
    });
  };
  return {
    lines,
    overview: json(stats.getOverview),
    lyrics: json(stats.getLyricStats),
    songs: json(stats.getSongStats),
    albums: json(stats.getAlbumStats),
    hourly: json(stats.getHourly),
    percentile: (score: number) => percentiles[score]!(),
  };
}

export type CachedStatsJson = ReturnType<typeof createCachedStatsJson>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/** The JSON answer of a cached read: synchronous when the cache holds it, as it does under load. */
export const jsonResponse = (body: EncodedBody | Promise<EncodedBody>, request: Request) =>
  body instanceof Promise
    ? body.then((ready) => sendBody(ready, request, jsonHeaders))
    : sendBody(body, request, jsonHeaders);
