import { type EncodedBody, encodeBody, sendBody } from '../http/encoded-body';
import { MAX_SCORE } from './model';
import type { StatsReader } from './read';
import { cachedPerVersion, type StatsVersion } from './version';

/**
 * The statistics reads as encoded JSON, computed once per statistics version:
 * the lyric list alone is ~350 KB of JSON, and re-serializing it per request
 * would dominate its cost. Public and admin routes share these.
 */
export function createCachedStatsJson(stats: StatsReader, version: StatsVersion) {
  const json = (read: () => unknown) => cachedPerVersion(version, () => encodeBody(JSON.stringify(read())));
  const percentiles = Array.from({ length: MAX_SCORE + 1 }, (_, score) =>
    json(() => stats.getPercentile(score)),
  );
  return {
    overview: json(stats.getOverview),
    lyrics: json(stats.getLyricStats),
    songs: json(stats.getSongStats),
    albums: json(stats.getAlbumStats),
    hourly: json(stats.getHourly),
    percentile: (score: number) => percentiles[score]!(),
  };
}

export type CachedStatsJson = ReturnType<typeof createCachedStatsJson>;

export const jsonResponse = (body: EncodedBody, request: Request) =>
  sendBody(body, request, { 'content-type': 'application/json; charset=utf-8' });
