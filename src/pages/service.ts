import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { LandingData, PublicStatistics } from '../shared/contracts/pages';
import type { StatsStore } from '../storage/contract';

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
export async function getLandingData(catalogue: CatalogueIndex, stats: StatsStore): Promise<LandingData> {
  return { ...getCatalogueCounts(catalogue), plays: (await stats.getOverview()).totalAttempts };
}

/** Everything the public statistics page shows, read from the counters. */
export async function getPublicStatistics(stats: StatsStore): Promise<PublicStatistics> {
  const [overview, lyrics, songs, albums] = await Promise.all([
    stats.getOverview(),
    stats.getLyricStats(),
    stats.getSongStats(),
    stats.getAlbumStats(),
  ]);
  return { overview, lyrics, songs, albums };
}
