import type { LandingData } from '../../web/pages/LandingPage';
import type { PublicStatistics } from '../../web/pages/StatisticsPage';
import type { CatalogueIndex } from '../catalogue/index';
import type { StatsReader } from '../stats/read';

/** What the catalogue holds: the lines a player can be asked, its songs and albums. */
export function getCatalogueCounts(catalogue: CatalogueIndex): Omit<LandingData, 'plays'> {
  const years = catalogue.albums.map((a) => a.year);
  return {
    lines: catalogue.askable.length,
    songs: catalogue.songs.length,
    albums: catalogue.albums.length,
    firstYear: years.length ? Math.min(...years) : 0,
    lastYear: years.length ? Math.max(...years) : 0,
  };
}

/** Live figures of the landing page: the catalogue's real counts and the number of recorded plays. */
export function getLandingData(catalogue: CatalogueIndex, stats: StatsReader): LandingData {
  return { ...getCatalogueCounts(catalogue), plays: stats.getOverview().totalAttempts };
}

/** Everything the public statistics page shows, read from the counters. */
export function getPublicStatistics(stats: StatsReader): PublicStatistics {
  return {
    overview: stats.getOverview(),
    lyrics: stats.getLyricStats(),
    songs: stats.getSongStats(),
    albums: stats.getAlbumStats(),
  };
}
