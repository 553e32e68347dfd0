import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { headJson } from './question';
import {
  QUIZ_TOKEN_LINES_KEY,
  QUIZ_TOKEN_OPTIONS_KEY,
  type QuizTokenFields,
  signQuizTokenJson,
} from './token';

/**
 * The one quiz encoder: every mode draws its lines and options as positions into the catalogue
 * (`QuizPicks`), and this writes the questions' JSON and the token's lines and options from
 * them (src/quiz/token.ts adds the rest of the token and signs it).
 *
 * Why it looks like this (measured, docs/decisions/026): in the server under load a quiz cost
 * three to four times what it costs in a loop, because between two requests the HTTP work
 * evicts the catalogue from the CPU caches, and every pointer followed per question (line →
 * song → fragment object → its bytes) is a cache miss. So everything a quiz reads lies in few
 * places: every fragment in one byte array, and per line one row of five integers (where its
 * fragments are, its song). No `Question`, array of ids or string is made: the body and the
 * token's JSON are written into buffers reused from quiz to quiz.
 */
export interface QuizPicks {
  /** Questions drawn. */
  count: number;
  /** Options per question (five, fewer in a catalogue of fewer songs). */
  width: number;
  /** Per question its line's position in `catalogue.askable`. */
  lines: Int32Array;
  /** Per question `width` song positions in `catalogue.songs`, in the order shown. */
  songs: Int32Array;
}

export interface EncodedQuiz {
  /**
   * The JSON of the questions, UTF-8 (the QuizQuestions contract): a view of a buffer the
   * next quiz overwrites. `new Response(body)` copies it (draw.test.ts checks that Bun does).
   */
  body: Uint8Array<ArrayBuffer>;
  token: string;
}

/** A line's row in `Layout.lines`: its head `,{"id":…,"options":[` and its id `,123` in `bytes`. */
const LINE_HEAD = 0;
const LINE_HEAD_END = 1;
const LINE_ID = 2;
const LINE_ID_END = 3;
/** The line's song position (for the draws: the right option). */
export const LINE_SONG = 4;
export const LINE_ROW = 5;
/** A song's row in `Layout.songs`: its option `,{"id":…,"title":…}` and its id `,45` in `bytes`. */
const SONG_OPTION = 0;
const SONG_OPTION_END = 1;
const SONG_ID = 2;
const SONG_ID_END = 3;
const SONG_ROW = 4;

interface Layout {
  /** Every fragment, each with a leading comma (skipped for the first of a list). */
  bytes: Buffer;
  /** LINE_ROW integers per askable line, by position in `askable`. */
  lines: Int32Array;
  /** SONG_ROW integers per song, by position in `songs`. */
  songs: Int32Array;
  /** The most bytes one question adds to the body, and to the token's JSON. */
  bodyPerQuestion: number;
  tokenPerQuestion: number;
}

const layouts = new WeakMap<CatalogueIndex, Layout>();

/** The catalogue's fragments and rows, made once per catalogue. */
export function layoutOf(catalogue: CatalogueIndex): Layout {
  let layout = layouts.get(catalogue);
  if (layout) return layout;
  const pieces: Buffer[] = [];
  let size = 0;
  /** Appends `,json` and returns where it starts. */
  const add = (json: string) => {
    const piece = Buffer.from(`,${json}`);
    pieces.push(piece);
    size += piece.length;
    return size - piece.length;
  };
  let longestHead = 0;
  let longestLineId = 0;
  const lines = new Int32Array(catalogue.askable.length * LINE_ROW);
  catalogue.askable.forEach((lyric, i) => {
    const row = i * LINE_ROW;
    // The head and the id side by side: one place in memory per line.
    lines[row + LINE_HEAD] = add(headJson(lyric));
    lines[row + LINE_HEAD_END] = size;
    lines[row + LINE_ID] = add(JSON.stringify(lyric.id));
    lines[row + LINE_ID_END] = size;
    lines[row + LINE_SONG] = lyric.song.index;
    longestHead = Math.max(longestHead, lines[row + LINE_HEAD_END]! - lines[row + LINE_HEAD]!);
    longestLineId = Math.max(longestLineId, size - lines[row + LINE_ID]!);
  });
  let longestOption = 0;
  let longestSongId = 0;
  const songs = new Int32Array(catalogue.songs.length * SONG_ROW);
  catalogue.songs.forEach((song, i) => {
    const row = i * SONG_ROW;
    songs[row + SONG_OPTION] = add(JSON.stringify(song.option));
    songs[row + SONG_OPTION_END] = size;
    songs[row + SONG_ID] = add(JSON.stringify(song.id));
    songs[row + SONG_ID_END] = size;
    longestOption = Math.max(longestOption, songs[row + SONG_OPTION_END]! - songs[row + SONG_OPTION]!);
    longestSongId = Math.max(longestSongId, size - songs[row + SONG_ID]!);
  });
  layout = {
    bytes: Buffer.concat(pieces, size),
    lines,
    songs,
    // `,{…"options":[` + 5 × `,{"id":…}` + `]}`; `,id` in `l` + `,[` + 5 × `,id` + `]` in `o`
    bodyPerQuestion: longestHead + OPTIONS_PER_QUESTION * longestOption + 2,
    tokenPerQuestion: longestLineId + 3 + OPTIONS_PER_QUESTION * longestSongId,
  };
  layouts.set(catalogue, layout);
  return layout;
}

// Reused from quiz to quiz: encoding is synchronous.
let body = Buffer.alloc(16 * 1024);
/** The token's JSON: `l` from the start, `o` at the far end, moved down after the loop. */
let json = Buffer.alloc(4 * 1024);
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]
const CLOSE_OBJECT = 125; // }
const COMMA = 44;

/** The questions' JSON and the signed token of `picks` (a normal quiz, easy, hard). */
export function encodeQuiz(
  catalogue: CatalogueIndex,
  picks: QuizPicks,
  secret: string,
  fields: QuizTokenFields,
): EncodedQuiz {
  const layout = layoutOf(catalogue);
  const { bytes, lines, songs } = layout;
  const { count, width } = picks;
  const bodyRoom = count * layout.bodyPerQuestion + 2;
  if (body.length < bodyRoom) body = Buffer.alloc(bodyRoom);
  const tokenRoom = count * layout.tokenPerQuestion;
  if (json.length < 2 * tokenRoom + 128) json = Buffer.alloc(2 * tokenRoom + 128);
  body[0] = OPEN_ARRAY;
  let at = 1;
  let l = json.write(QUIZ_TOKEN_LINES_KEY, 0, 'latin1');
  const optionsStart = json.length - tokenRoom;
  let o = optionsStart;
  for (let q = 0; q < count; q++) {
    const row = picks.lines[q]! * LINE_ROW;
    const skip = q > 0 ? 0 : 1; // the first of a list has no comma
    at += bytes.copy(body, at, lines[row + LINE_HEAD]! + skip, lines[row + LINE_HEAD_END]!);
    // Ids are a few bytes: a loop here is cheaper than a native call (measured, docs/decisions/026).
    for (let i = lines[row + LINE_ID]! + skip, end = lines[row + LINE_ID_END]!; i < end; i++)
      json[l++] = bytes[i]!;
    if (q > 0) json[o++] = COMMA;
    json[o++] = OPEN_ARRAY;
    for (let p = 0; p < width; p++) {
      const song = picks.songs[q * width + p]! * SONG_ROW;
      const first = p > 0 ? 0 : 1;
      at += bytes.copy(body, at, songs[song + SONG_OPTION]! + first, songs[song + SONG_OPTION_END]!);
      for (let i = songs[song + SONG_ID]! + first, end = songs[song + SONG_ID_END]!; i < end; i++)
        json[o++] = bytes[i]!;
    }
    body[at++] = CLOSE_ARRAY;
    body[at++] = CLOSE_OBJECT;
    json[o++] = CLOSE_ARRAY;
  }
  body[at++] = CLOSE_ARRAY;
  l += json.write(QUIZ_TOKEN_OPTIONS_KEY, l, 'latin1');
  l += json.copy(json, l, optionsStart, o);
  json[l++] = CLOSE_ARRAY;
  return {
    body: body.subarray(0, at) as Uint8Array<ArrayBuffer>,
    token: signQuizTokenJson(secret, json, l, fields),
  };
}

/**
 * The picks of questions built from `catalogue` (easy, hard, the daily challenge), or undefined
 * when any question is not the catalogue's own (its line, or an option object it does not share).
 */
export function picksOfQuestions(
  catalogue: CatalogueIndex,
  questions: readonly Question[],
): QuizPicks | undefined {
  const width = questions[0]?.options.length ?? 0;
  const picks: QuizPicks = {
    count: questions.length,
    width,
    lines: new Int32Array(questions.length),
    songs: new Int32Array(questions.length * width),
  };
  const positions = askablePositions(catalogue);
  for (let q = 0; q < questions.length; q++) {
    const question = questions[q]!;
    const lyric = catalogue.lyricsById.get(question.lyricId);
    const position = positions.get(question.lyricId);
    if (position === undefined || !sameHead(question, lyric) || question.options.length !== width)
      return undefined;
    picks.lines[q] = position;
    for (let p = 0; p < width; p++) {
      const song = catalogue.songsById.get(question.options[p]!.id);
      // The catalogue's own option object: anything else may say something the fragments do not.
      if (!song || song.option !== question.options[p]) return undefined;
      picks.songs[q * width + p] = song.index;
    }
  }
  return picks;
}

const positionsByCatalogue = new WeakMap<CatalogueIndex, Map<number, number>>();

function askablePositions(catalogue: CatalogueIndex): Map<number, number> {
  let positions = positionsByCatalogue.get(catalogue);
  if (!positions) {
    positions = new Map(catalogue.askable.map((lyric, i) => [lyric.id, i]));
    positionsByCatalogue.set(catalogue, positions);
  }
  return positions;
}

/** The question says what the catalogue's line says (strings of one catalogue compare by identity first). */
function sameHead(question: Question, lyric: CatalogueIndex['askable'][number] | undefined): boolean {
  return (
    lyric !== undefined &&
    question.id === lyric.id &&
    question.lyric === lyric.text &&
    question.correctSongId === lyric.song.id &&
    question.correctSongTitle === lyric.song.title &&
    question.albumTitle === lyric.song.album.title &&
    question.albumYear === lyric.song.album.year
  );
}
