import type { CatalogueIndex, IndexedSong } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import type { Difficulty } from '../shared/difficulty';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { questionOf } from './question';
import { type Random, randomInt, sampleDistinct } from './sample';

/**
 * How `easy` and `hard` choose lines and distractors from the statistics
 * (docs/decisions/022-difficulty-modes.md). Everything here is built once per
 * statistics refresh from two counter reads and kept in memory; a quiz only
 * samples from the arrays (no database read, no sort per request). `normal` does
 * not come here: it stays generateQuiz, random lines and songs (docs/product.md#difficulty).
 */

/** A line's accuracy counts only once it was shown this often; before, it is "unseen". */
export const MIN_SHOWN = 5;
/** The share of seen lines each of easy and hard prefers: the lowest- or highest-accuracy quarter. */
const PREFERRED_SHARE = 0.25;
/** Of a quiz's lines, this share comes from the preferred pool, the rest from unseen lines (while there are any). */
const SEEN_SHARE = 2 / 3;
/** A wrong song picked this often for a right one counts as confused with it. */
const CONFUSED_MIN_TIMES = 2;
/** Hard offers at most this many of the most confused songs, so one slot or more still varies. */
const CONFUSED_SLOTS = 3;

/** The counters a selection is built from: a line's accuracy, and which wrong song was picked for which right one. */
export interface LineCounts {
  lyricId: number;
  occurrences: number;
  correctAnswers: number;
}
export interface SongConfusionCounts {
  songId: number;
  selectedSongId: number;
  times: number;
}

/** One mode's choice: lines by pool, distractors by tier (positions in the catalogue's arrays). */
export interface ModeSelection {
  /** Positions in `askable` of the lines this mode prefers (seen ≥ MIN_SHOWN times). */
  preferred: Int32Array;
  /** Lines shown fewer than MIN_SHOWN times: mixed in, so that every line gets measured. */
  unseen: Int32Array;
  /** The other seen lines: used only when the two pools above cannot fill a quiz. */
  rest: Int32Array;
  /** For each song (by `index`), its distractor candidates in tiers, best first; a tier is sampled at random. */
  tiers: number[][][];
}

export type DifficultySelection = Record<Exclude<Difficulty, 'normal'>, ModeSelection>;

const int32 = (values: number[]) => Int32Array.from(values);

/** What a song's distractor tiers are made of, whatever the statistics: computed once per catalogue. */
interface SongNeighbours {
  albumMates: number[];
  /** Songs of other albums grouped by distance in years, nearest group first. */
  byNearYears: number[][];
  /** Songs of other albums at least the median distance in years away, and the others. */
  farYears: number[];
  nearYears: number[];
}

const neighboursByCatalogue = new WeakMap<CatalogueIndex, SongNeighbours[]>();

function neighboursOf(catalogue: CatalogueIndex): SongNeighbours[] {
  let neighbours = neighboursByCatalogue.get(catalogue);
  if (neighbours) return neighbours;
  neighbours = catalogue.songs.map((song) => {
    const gap = (other: IndexedSong) => Math.abs(other.album.year - song.album.year);
    const otherAlbums = catalogue.songs.filter((s) => s.album !== song.album);
    const groups = new Map<number, number[]>();
    for (const other of otherAlbums) {
      const group = groups.get(gap(other));
      if (group) group.push(other.index);
      else groups.set(gap(other), [other.index]);
    }
    const gaps = otherAlbums.map(gap).sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
    return {
      albumMates: catalogue.songs.filter((s) => s !== song && s.album === song.album).map((s) => s.index),
      byNearYears: [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group),
      farYears: otherAlbums.filter((s) => gap(s) >= median).map((s) => s.index),
      nearYears: otherAlbums.filter((s) => gap(s) < median).map((s) => s.index),
    };
  });
  neighboursByCatalogue.set(catalogue, neighbours);
  return neighbours;
}

/**
 * Hard: the songs most confused with the right one (each its own tier, most picked first),
 * then the songs of its album, then the other songs by distance in years, nearest first.
 * Easy: songs of other albums from the farther half of the years (one tier), then the other
 * albums' remaining songs, and last the songs hard would offer first and its own album.
 */
function distractorTiers(
  catalogue: CatalogueIndex,
  confusedWith: Map<number, SongConfusionCounts[]>,
): { hard: number[][][]; easy: number[][][] } {
  const neighbours = neighboursOf(catalogue);
  const hard: number[][][] = [];
  const easy: number[][][] = [];
  for (const song of catalogue.songs) {
    const { albumMates, byNearYears, farYears, nearYears } = neighbours[song.index]!;
    const top: number[] = [];
    for (const c of confusedWith.get(song.id) ?? []) {
      if (top.length === CONFUSED_SLOTS || c.times < CONFUSED_MIN_TIMES) break;
      const picked = catalogue.songsById.get(c.selectedSongId);
      if (picked && picked !== song) top.push(picked.index);
    }
    const notTop = (songs: number[]) => (top.length === 0 ? songs : songs.filter((s) => !top.includes(s)));
    const nonEmpty = (tiers: number[][]) => tiers.filter((tier) => tier.length > 0);
    hard.push(nonEmpty([...top.map((s) => [s]), notTop(albumMates), ...byNearYears.map(notTop)]));
    // Easy keeps away from the songs hard offers first (a stray wrong pick or two does not count).
    easy.push(
      nonEmpty([notTop(farYears), notTop(nearYears), top.filter((s) => !albumMates.includes(s)), albumMates]),
    );
  }
  return { hard, easy };
}

/** Builds both modes from the line counters and the song confusion counters. */
export function buildDifficultySelection(
  catalogue: CatalogueIndex,
  lines: readonly LineCounts[],
  confusions: readonly SongConfusionCounts[],
): DifficultySelection {
  const countsById = new Map(lines.map((l) => [l.lyricId, l]));
  const seen: { at: number; accuracy: number; id: number }[] = [];
  const unseen: number[] = [];
  catalogue.askable.forEach((lyric, at) => {
    const counts = countsById.get(lyric.id);
    if (counts && counts.occurrences >= MIN_SHOWN)
      seen.push({ at, accuracy: counts.correctAnswers / counts.occurrences, id: lyric.id });
    else unseen.push(at);
  });
  // Lowest accuracy first; ties by id, so a build is a function of the counters alone.
  seen.sort((a, b) => a.accuracy - b.accuracy || a.id - b.id);
  const poolSize = Math.ceil(seen.length * PREFERRED_SHARE);
  const hardest = seen.slice(0, poolSize).map((s) => s.at);
  const easiest = seen.slice(seen.length - poolSize).map((s) => s.at);
  const middle = seen.slice(poolSize, seen.length - poolSize).map((s) => s.at);

  const confusedWith = new Map<number, SongConfusionCounts[]>();
  for (const c of [...confusions].sort((a, b) => b.times - a.times || a.selectedSongId - b.selectedSongId)) {
    const list = confusedWith.get(c.songId);
    if (list) list.push(c);
    else confusedWith.set(c.songId, [c]);
  }
  const tiers = distractorTiers(catalogue, confusedWith);
  return {
    hard: {
      preferred: int32(hardest),
      unseen: int32(unseen),
      rest: int32([...middle, ...easiest]),
      tiers: tiers.hard,
    },
    easy: {
      preferred: int32(easiest),
      unseen: int32(unseen),
      rest: int32([...middle, ...hardest]),
      tiers: tiers.easy,
    },
  };
}

/** `take` distinct entries of `pool` at random, appended to `into`. */
function sampleInto(random: Random, pool: Int32Array, take: number, into: number[]) {
  for (const i of sampleDistinct(random, pool.length, take)) into.push(pool[i]!);
}

/** In-place Fisher–Yates shuffle. */
function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    const value = items[i]!;
    items[i] = items[j]!;
    items[j] = value;
  }
  return items;
}

/** The positions in `askable` of a quiz's lines: SEEN_SHARE from the preferred pool, the rest unseen, in random order. */
export function pickLines(random: Random, mode: ModeSelection, count: number): number[] {
  const { preferred, unseen, rest } = mode;
  const total = preferred.length + unseen.length + rest.length;
  const want = Math.min(count, total);
  const fromPreferred0 = Math.round(want * SEEN_SHARE);
  const fromUnseen = Math.min(want - Math.min(fromPreferred0, preferred.length), unseen.length);
  const fromPreferred = Math.min(want - fromUnseen, preferred.length);
  const fromRest = want - fromUnseen - fromPreferred;
  const picked: number[] = [];
  sampleInto(random, preferred, fromPreferred, picked);
  sampleInto(random, unseen, fromUnseen, picked);
  sampleInto(random, rest, fromRest, picked);
  return shuffle(random, picked);
}

/** The distractors of the question being generated (reused: generating is synchronous, as in generate.ts). */
const distractorScratch: number[] = [];

/**
 * `count` distractors (song positions) tier by tier, in random order, into a reused array (read
 * it before the next call). A tier larger than the places left is sampled by rejection against
 * the few picked so far (at most four: a linear check, no allocation per question).
 */
export function pickDistractors(random: Random, tiers: readonly number[][], count: number): number[] {
  const picked = distractorScratch;
  picked.length = 0;
  for (const tier of tiers) {
    const missing = count - picked.length;
    if (missing <= 0) break;
    if (tier.length <= missing) for (const s of tier) picked.push(s);
    else {
      const until = picked.length + missing;
      while (picked.length < until) {
        const s = tier[randomInt(random, tier.length)]!;
        if (!picked.includes(s)) picked.push(s);
      }
    }
  }
  return shuffle(random, picked);
}

/**
 * A quiz of one mode: the questions in generateQuiz's shape (the catalogue's own option
 * objects, so the response is serialized from the same fragments), the right song at a
 * uniformly random position among the distractors.
 */
export function generateSelectedQuiz(
  catalogue: CatalogueIndex,
  mode: ModeSelection,
  count: number,
  random: Random = Math.random,
): Question[] {
  const { askable, songs } = catalogue;
  const distractors = Math.min(OPTIONS_PER_QUESTION - 1, songs.length - 1);
  return pickLines(random, mode, count).map((at) => {
    const lyric = askable[at]!;
    const others = pickDistractors(random, mode.tiers[lyric.song.index] ?? [], distractors);
    const right = randomInt(random, others.length + 1);
    const options = new Array<IndexedSong['option']>(others.length + 1);
    for (let p = 0, d = 0; p < options.length; p++)
      options[p] = p === right ? lyric.song.option : songs[others[d++]!]!.option;
    return questionOf(lyric, options);
  });
}
