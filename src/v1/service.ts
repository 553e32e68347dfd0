import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question, SubmitBody } from '../shared/contracts/quiz';
import type { AlbumStat, LyricStat, Overview, Percentile, SongStat } from '../shared/contracts/stats';
import type { Difficulty } from '../shared/difficulty';
import { type DifficultyOrder, rankByDifficulty } from '../shared/ranking';
import {
  type AlbumStats,
  LIMIT_DEFAULT,
  type LineStats,
  type PlaySubmission,
  type SongStats,
} from './openapi';

/** The mapping of API v1 onto the services the unversioned API uses (docs/decisions/034). Pure. */

export const toV1Question = (q: Question) => ({
  lyricId: q.lyricId,
  line: q.lyric,
  correctSongId: q.correctSongId,
  correctSongTitle: q.correctSongTitle,
  albumTitle: q.albumTitle,
  albumYear: q.albumYear,
  options: q.options.map((o) => ({ songId: o.id, title: o.title })),
});

const accuracy = (correct: number, answers: number) =>
  answers === 0 ? null : Math.round((correct / answers) * 10_000) / 100;

export const toLineStats = (row: LyricStat): LineStats => ({
  lyricId: row.lyricId,
  line: row.text,
  songId: row.songId,
  songTitle: row.songTitle,
  albumId: row.albumId,
  albumTitle: row.albumTitle,
  albumYear: row.albumYear,
  answers: row.occurrences,
  correctAnswers: row.correctAnswers,
  accuracy: accuracy(row.correctAnswers, row.occurrences),
});

export const toSongStats = (row: SongStat): SongStats => ({
  songId: row.songId,
  title: row.title,
  albumId: row.albumId,
  albumTitle: row.albumTitle,
  albumYear: row.albumYear,
  answers: row.occurrences,
  correctAnswers: row.correctAnswers,
  accuracy: accuracy(row.correctAnswers, row.occurrences),
});

/** An album's row, its year from the catalogue (0 for an album no longer in it). */
export const toAlbumStats = (catalogue: CatalogueIndex) => {
  const years = new Map(catalogue.albums.map((a) => [a.id, a.year]));
  return (row: AlbumStat): AlbumStats => ({
    albumId: row.albumId,
    title: row.title,
    year: years.get(row.albumId) ?? 0,
    answers: row.occurrences,
    correctAnswers: row.correctAnswers,
    accuracy: accuracy(row.correctAnswers, row.occurrences),
  });
};

export const toOverview = (o: Overview) => ({
  plays: o.totalAttempts,
  players: o.uniquePlayers,
  averageScore: o.averageScore,
  accuracy: o.averagePercentage,
});

export const toPercentile = (score: number, difficulty: Difficulty, p: Percentile) => ({
  score,
  difficulty,
  percentile: p.percentile,
  samePercent: p.samePercent,
  plays: p.totalPlayers,
});

export interface PageQuery {
  limit: number;
  offset: number;
  minAnswers: number;
  sort?: DifficultyOrder;
}

/** A page's query with its defaults. */
export const pageQueryOf = (q: {
  limit?: number;
  offset?: number;
  minAnswers?: number;
  sort?: DifficultyOrder;
}): PageQuery => ({
  limit: q.limit ?? LIMIT_DEFAULT,
  offset: q.offset ?? 0,
  minAnswers: q.minAnswers ?? 0,
  ...(q.sort ? { sort: q.sort } : {}),
});

/** One page of a list, and the query of the next page when there is one. */
export function pageOf<Row extends { occurrences: number; correctAnswers: number }>(
  rows: Row[],
  query: PageQuery,
): { items: Row[]; total: number; next?: PageQuery } {
  const ranked = query.sort ? rankByDifficulty(rows, query.sort) : rows;
  const kept = query.minAnswers > 0 ? ranked.filter((r) => r.occurrences >= query.minAnswers) : ranked;
  return slicePage(kept, query);
}

/** The rows of one page of a list, its total, and the query of the next page when there is one. */
function slicePage<Row, Query extends { limit: number; offset: number }>(
  rows: Row[],
  query: Query,
): { items: Row[]; total: number; next?: Query } {
  const items = rows.slice(query.offset, query.offset + query.limit);
  const end = query.offset + items.length;
  return { items, total: rows.length, ...(end < rows.length ? { next: { ...query, offset: end } } : {}) };
}

/**
 * A page of a list that takes only `limit` and `offset` (the notes, the live games): its rows,
 * total and paging, and the next page's `Link` (its other parameters kept) while there is one.
 */
export function plainPage<Row>(
  rows: Row[],
  query: { limit?: number; offset?: number },
  next: { path: string; extra?: Record<string, string>; setLink: (link: string) => void },
) {
  const page = { limit: query.limit ?? LIMIT_DEFAULT, offset: query.offset ?? 0 };
  const sliced = slicePage(rows, page);
  if (sliced.next) next.setLink(nextLink(next.path, sliced.next, next.extra));
  return { items: sliced.items, total: sliced.total, ...page };
}

/** The RFC 8288 `Link` of the next page: the same path and parameters, the offset moved on. */
export function nextLink(
  path: string,
  query: Pick<PageQuery, 'limit' | 'offset'> & Partial<PageQuery>,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams({ ...extra, limit: String(query.limit), offset: String(query.offset) });
  if (query.minAnswers) params.set('minAnswers', String(query.minAnswers));
  if (query.sort) params.set('sort', query.sort);
  return `<${path}?${params}>; rel="next"`;
}

/**
 * A v1 submission as the grader reads a play: the claims the unversioned submission makes
 * (right song, correctness, score) are the catalogue's own, so grading checks only what the
 * player chose. An unknown line keeps no claim: grading refuses it as `unknown_lyric`.
 */
export function asGradedSubmission(
  catalogue: CatalogueIndex,
  body: PlaySubmission,
  userAgent: string,
): SubmitBody {
  let score = 0;
  const answers = body.answers.map(({ lyricId, selectedSongId }) => {
    const songId = catalogue.lyricsById.get(lyricId)?.song.id ?? -1;
    const isCorrect = selectedSongId === songId;
    if (isCorrect) score++;
    return { lyricId, songId, selectedSongId, isCorrect };
  });
  return {
    quizToken: body.token,
    sessionId: body.sessionId,
    deviceInfo: userAgent.slice(0, 512),
    score,
    totalQuestions: answers.length,
    answers,
  };
}
