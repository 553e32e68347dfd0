/**
 * The dashboard's filters (docs/decisions/039): a read store whose figures are those of the plays
 * the filters keep, counted from the raw record of a span of days by the counters' own definition
 * (createFilteredCount over `countPlay`), and answered in the shapes of the per-day counters. Every
 * service of the dashboard (the cards, the trend, the scores, the lists, the confusions, the
 * exports) then runs unchanged over it: one definition of each figure, filtered or not.
 *
 * The span is read once per statistics version (cached below). Days before it count nothing;
 * the services ask only within it (the range and its compared period).
 */
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { AlbumStat, LyricStat, SongStat } from '../shared/contracts/stats';
import type { Confusion, LineConfusion } from '../shared/contracts/time-series';
import type { DashboardFilters } from '../shared/dashboard-filters';
import { playModesOf } from '../shared/play-mode';
import { round } from '../shared/round';
import {
  addScoreCounts,
  createFilteredCount,
  type DayCounts,
  emptyDayCounts,
  emptyScoreCounts,
  type FilteredCounts,
  type StatsStore,
} from '../storage/contract';
import type { Day } from '../time/day';
import type { DayRange } from './range-reads';

interface Loaded {
  counts: FilteredCounts;
  /** Days in order, and the running totals through each (for `getDaysThrough`). */
  days: Day[];
  through: DayCounts[];
}

/** Filtered reads kept per store: a dashboard load asks the same span for every view. */
const CACHE_SIZE = 8;
const caches = new WeakMap<StatsStore, Map<string, { version: string; loaded: Promise<Loaded> }>>();

function cachedLoad(base: StatsStore, key: string, load: () => Promise<Loaded>): Promise<Loaded> {
  let cache = caches.get(base);
  if (!cache) {
    cache = new Map();
    caches.set(base, cache);
  }
  const version = base.version();
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.loaded;
  const loaded = load();
  cache.delete(key);
  cache.set(key, { version, loaded });
  // A failed read is not kept: the next request reads again.
  loaded.catch(() => {
    if (cache.get(key)?.loaded === loaded) cache.delete(key);
  });
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return loaded;
}

async function loadSpan(
  base: StatsStore,
  filters: DashboardFilters,
  span: DayRange,
  answered: DayRange,
): Promise<Loaded> {
  const count = createFilteredCount({ album: filters.album, song: filters.song }, answered);
  await base.forEachPlayOfDays(
    span.from,
    span.to,
    {
      ...(filters.mode ? { modes: playModesOf(filters.mode) } : {}),
      ...(filters.device ? { device: filters.device } : {}),
      ...(filters.browser ? { browser: filters.browser } : {}),
      // Under an album or song filter only its lines' answers count: the others are never decoded.
      ...(filters.album !== undefined || filters.song !== undefined
        ? { answers: { album: filters.album, song: filters.song } }
        : {}),
    },
    (play) => count.add(play),
  );
  const counts = count.result();
  const days = [...counts.days.keys()].sort();
  let running = emptyDayCounts();
  const through = days.map((day) => {
    running = addDays(structuredClone(running), counts.days.get(day)!);
    return running;
  });
  return { counts, days, through };
}

const addDays = (into: DayCounts, from: DayCounts): DayCounts => {
  into.plays += from.plays;
  into.players += from.players;
  into.newPlayers += from.newPlayers;
  into.answers += from.answers;
  into.correct += from.correct;
  into.scoreSum += from.scoreSum;
  for (let h = 0; h < into.byHour.length; h++) into.byHour[h]! += from.byHour[h] ?? 0;
  for (const k of Object.keys(into.byDevice) as (keyof DayCounts['byDevice'])[])
    into.byDevice[k] += from.byDevice[k];
  for (const k of Object.keys(into.byBrowser) as (keyof DayCounts['byBrowser'])[])
    into.byBrowser[k] += from.byBrowser[k];
  return into;
};

type Load = () => Promise<Loaded>;

type Items = Pick<FilteredCounts['answers'], 'lyrics' | 'songs' | 'albums'>;

/**
 * The answers of a range: those of the range the read was made for (the lists and confusions are
 * only ever asked for it; `undefined`: all of them, the same).
 */
function answersOf(counts: FilteredCounts, range?: { from: Day; to: Day }): FilteredCounts['answers'] {
  const { answered } = counts.answers;
  if (range && (range.from !== answered.from || range.to !== answered.to))
    throw new Error(
      `a filtered read answers ${answered.from}..${answered.to} only, not ${range.from}..${range.to}`,
    );
  return counts.answers;
}

/**
 * A read store over `base` with the figures of the plays `filters` keep in `span`. The catalogue
 * (when given) lists an album's or song's lines never shown in the span too; without it, the lists
 * under an album or song filter hold the rows with answers.
 */
export function filteredStats(
  base: StatsStore,
  filters: DashboardFilters,
  span: DayRange,
  /** The range asked, within `span`: the one whose answers (lists, confusions) are kept. */
  answered: DayRange,
  catalogue?: () => CatalogueIndex,
): StatsStore {
  const key = JSON.stringify([
    filters.mode,
    filters.device,
    filters.browser,
    filters.album,
    filters.song,
    span,
    answered,
  ]);
  const load = () => cachedLoad(base, key, () => loadSpan(base, filters, span, answered));

  const { rangeLyrics, rangeSongs, rangeAlbums } = filteredLists(base, load, filters, catalogue);

  const daysThrough = async (day: Day): Promise<DayCounts> => {
    const { days, through } = await load();
    let at = -1;
    for (let i = 0; i < days.length && days[i]! <= day; i++) at = i;
    return at < 0 ? emptyDayCounts() : structuredClone(through[at]!);
  };

  return {
    version: base.version,
    getFirstDay: () => base.getFirstDay(),
    ping: () => base.ping(),
    forEachPlayOfDays: (...args) => base.forEachPlayOfDays(...args),
    async getOverview() {
      const total = await daysThrough(span.to);
      return {
        totalAttempts: total.plays,
        uniquePlayers: await this.getDistinctPlayers(span.from, span.to),
        averageScore: total.plays === 0 ? 0 : round(total.scoreSum / total.plays, 2),
        averagePercentage: total.answers === 0 ? 0 : round((total.correct / total.answers) * 100, 2),
      };
    },
    async getScoreHistogram(difficulty = 'normal') {
      const sum = await this.getScoresThrough(span.to, difficulty);
      return new Map(sum.byScore.map((n, score) => [score, n] as const).filter(([, n]) => n > 0));
    },
    // Without dates the range asked is every day (its compared period holds no play).
    getLyricStats: () => rangeLyrics(answered.from, answered.to),
    getSongStats: () => rangeSongs(answered.from, answered.to),
    getAlbumStats: () => rangeAlbums(answered.from, answered.to),
    async getHourly() {
      const { counts } = await load();
      return counts.hours.attempts.map((attempts, hour) => ({
        hour,
        attempts,
        uniquePlayers: counts.hours.uniquePlayers[hour]!,
      }));
    },
    async getPlayersByEarliestHour() {
      const { counts } = await load();
      const byHour = new Array<number>(24).fill(0);
      for (const hour of counts.earliestHour.values()) byHour[hour]!++;
      return byHour;
    },
    getDaysThrough: daysThrough,
    // Quizzes issued are counted per day only, never per mode, device or song (no quiz is stored
    // one by one: docs/decisions/004): a filtered read has none, and so no completion rate.
    getQuizzesThrough: async () => 0,
    getQuizzesIssued: async () => new Map(),
    async getScoresThrough(day, mode) {
      const { counts } = await load();
      const sum = emptyScoreCounts();
      for (const [d, byMode] of counts.dayScores) {
        const s = byMode.get(mode);
        if (d <= day && s) addScoreCounts(sum, s);
      }
      return sum;
    },
    async getDays(from, to) {
      const { counts } = await load();
      return new Map([...counts.days].filter(([day]) => day >= from && day <= to));
    },
    async getDistinctPlayers(from, to) {
      const { counts } = await load();
      const players = new Set<number>();
      for (const [day, set] of counts.dayPlayers)
        if (day >= from && day <= to) for (const p of set) players.add(p);
      return players.size;
    },
    getRangeLyricStats: rangeLyrics,
    getRangeSongStats: rangeSongs,
    getRangeAlbumStats: rangeAlbums,
    ...filteredConfusions(base, load),
  };
}

/** The lyric, song and album lists of the kept answers; an album or song filter keeps its own rows. */
function filteredLists(
  base: StatsStore,
  load: Load,
  filters: DashboardFilters,
  catalogue?: () => CatalogueIndex,
) {
  const lineKept = (lyricId: number, counted: boolean) => {
    if (filters.album === undefined && filters.song === undefined) return true;
    if (counted) return true;
    const line = catalogue?.().lyricsById.get(lyricId);
    if (!line) return false;
    return (
      (filters.song === undefined || line.song.id === filters.song) &&
      (filters.album === undefined || line.song.album.id === filters.album)
    );
  };
  const songKept = (songId: number, counted: boolean) => {
    if (filters.album === undefined && filters.song === undefined) return true;
    if (counted) return true;
    const song = catalogue?.().songsById.get(songId);
    if (!song) return false;
    return (
      (filters.song === undefined || song.id === filters.song) &&
      (filters.album === undefined || song.album.id === filters.album)
    );
  };
  const albumKept = (albumId: number, counted: boolean) => {
    if (filters.album === undefined && filters.song === undefined) return true;
    if (counted) return true;
    if (filters.album !== undefined) return albumId === filters.album;
    return catalogue?.().songsById.get(filters.song!)?.album.id === albumId;
  };

  const withCounts = <Row extends { occurrences: number; correctAnswers: number }>(
    rows: Row[],
    id: (row: Row) => number,
    counts: Items['lyrics'],
    kept: (id: number, counted: boolean) => boolean,
  ): Row[] =>
    rows
      .filter((row) => kept(id(row), counts.has(id(row))))
      .map((row) => {
        const c = counts.get(id(row));
        return { ...row, occurrences: c?.occurrences ?? 0, correctAnswers: c?.correct ?? 0 };
      });

  const rangeLyrics = async (from: Day, to: Day): Promise<LyricStat[]> => {
    const [{ counts }, rows] = await Promise.all([load(), base.getLyricStats()]);
    return withCounts(rows, (r) => r.lyricId, answersOf(counts, { from, to }).lyrics, lineKept);
  };
  const rangeSongs = async (from: Day, to: Day): Promise<SongStat[]> => {
    const [{ counts }, rows] = await Promise.all([load(), base.getSongStats()]);
    return withCounts(rows, (r) => r.songId, answersOf(counts, { from, to }).songs, songKept);
  };
  const rangeAlbums = async (from: Day, to: Day): Promise<AlbumStat[]> => {
    const [{ counts }, rows] = await Promise.all([load(), base.getAlbumStats()]);
    return withCounts(rows, (r) => r.albumId, answersOf(counts, { from, to }).albums, albumKept);
  };

  return { rangeLyrics, rangeSongs, rangeAlbums };
}

/** The wrong songs picked in the kept answers: per line, per song and overall. */
function filteredConfusions(
  base: StatsStore,
  load: Load,
): Pick<StatsStore, 'getLineConfusions' | 'getSongConfusions' | 'getTopConfusions'> {
  /** Titles of songs and texts of lines, from the all-time lists (every row of the catalogue). */
  const names = async () => {
    const [songs, lyrics] = await Promise.all([base.getSongStats(), base.getLyricStats()]);
    return {
      song: new Map(songs.map((s) => [s.songId, s.title])),
      line: new Map(lyrics.map((l) => [l.lyricId, l.text])),
    };
  };

  /** (right song, wrong song) → times over the range, most picked first, then by the wrong song. */
  async function songPairs(range?: { from: Day; to: Day }): Promise<Confusion[]> {
    const [{ counts }, n] = await Promise.all([load(), names()]);
    const { picks, songOfLine } = answersOf(counts, range);
    const pairs = new Map<string, Confusion>();
    for (const [line, row] of picks) {
      const songId = songOfLine.get(line);
      if (songId === undefined) continue;
      for (const [picked, times] of row) {
        const key = `${songId}:${picked}`;
        const pair = pairs.get(key) ?? {
          songId,
          songTitle: n.song.get(songId) ?? '',
          selectedSongId: picked,
          selectedSongTitle: n.song.get(picked) ?? '',
          times: 0,
        };
        pair.times += times;
        pairs.set(key, pair);
      }
    }
    return [...pairs.values()].sort((a, b) => b.times - a.times || a.selectedSongId - b.selectedSongId);
  }

  return {
    async getLineConfusions(lyricId, { limit, range }) {
      const [{ counts }, n] = await Promise.all([load(), names()]);
      const { picks, songOfLine } = answersOf(counts, range);
      const songId = songOfLine.get(lyricId);
      const row = picks.get(lyricId);
      if (!row || songId === undefined) return [];
      return [...row]
        .map(
          ([picked, times]): LineConfusion => ({
            lyricId,
            lyric: n.line.get(lyricId) ?? '',
            songId,
            songTitle: n.song.get(songId) ?? '',
            selectedSongId: picked,
            selectedSongTitle: n.song.get(picked) ?? '',
            times,
          }),
        )
        .sort((a, b) => b.times - a.times || a.selectedSongId - b.selectedSongId)
        .slice(0, limit);
    },
    async getSongConfusions(songId, { limit, range }) {
      return (await songPairs(range)).filter((c) => c.songId === songId).slice(0, limit);
    },
    async getTopConfusions({ limit, range }) {
      return (await songPairs(range))
        .sort((a, b) => b.times - a.times || a.songId - b.songId || a.selectedSongId - b.selectedSongId)
        .slice(0, limit);
    },
  };
}
