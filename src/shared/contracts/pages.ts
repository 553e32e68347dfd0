import type { DailySummary } from './daily';
import type { AlbumStat, LyricStat, Overview, SongStat } from './stats';

/** What pages receive from the server: declared once here, rendered by web/pages, built by src/pages. */

export interface Creator {
  name: string;
  url: string;
  appUrl: string;
}

/** What every page knows about the site (serialisable: islands receive it as props). */
export interface PageProps {
  /** The product title: '{artist} Kviz znanja'. */
  title: string;
  artist: string;
  siteUrl: string;
  creator: Creator;
}

/** The live figures of the landing page. */
export interface LandingData {
  lines: number;
  songs: number;
  albums: number;
  firstYear: number;
  lastYear: number;
  /** Recorded plays. */
  plays: number;
}

/** Everything the public statistics page shows. */
export interface PublicStatistics {
  overview: Overview;
  lyrics: LyricStat[];
  songs: SongStat[];
  albums: AlbumStat[];
  /** Today's daily challenge in figures (docs/decisions/021). */
  daily?: DailySummary;
}

/** What the daily page needs from the server: today's challenge and when it ends. */
export interface DailyToday {
  day: string;
  number: number;
  /** ISO instant of the next midnight in STATS_TIMEZONE. */
  endsAt: string;
}
