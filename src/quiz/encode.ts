import type { CatalogueIndex } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';
import { OPTIONS_PER_QUESTION, QUIZ_MAX_COUNT } from '../shared/rules';
import { lineHeadJson, songHeadJson } from './question';
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

/**
 * A line's row in `Layout.lines`: its head `,{"id":…,"lyric":…` and its id `,123` in `arena`.
 * The rest of a question's head is its song's (SONG_HEAD): the fragments a quiz reads from
 * memory no cache holds are the lines' own, 70 bytes a line instead of 180.
 */
const LINE_HEAD = 0;
const LINE_HEAD_END = 1;
const LINE_ID = 2;
const LINE_ID_END = 3;
/** The line's song position (for the draws: the right option). */
export const LINE_SONG = 4;
export const LINE_ROW = 5;
/**
 * A song's row in `Layout.songs`: its option `,{"id":…,"title":…}`, its id `,45` and the end of
 * a question's head when it is the right one `,"correctSongId":…,"options":[` in `arena`.
 */
const SONG_OPTION = 0;
const SONG_OPTION_END = 1;
const SONG_ID = 2;
const SONG_ID_END = 3;
const SONG_HEAD = 4;
const SONG_HEAD_END = 5;
const SONG_ROW = 6;

interface Layout {
  /**
   * Every fragment (each with a leading comma, skipped for the first of a list), then the room
   * the body is written into: one array, so a fragment goes into the body by `copyWithin`.
   */
  arena: Uint8Array<ArrayBuffer>;
  /** Where the body's room starts in `arena` (the fragments' length). */
  bodyAt: number;
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
    lines[row + LINE_HEAD] = add(lineHeadJson(lyric));
    lines[row + LINE_HEAD_END] = size;
    lines[row + LINE_ID] = add(JSON.stringify(lyric.id));
    lines[row + LINE_ID_END] = size;
    lines[row + LINE_SONG] = lyric.song.index;
    longestHead = Math.max(longestHead, lines[row + LINE_HEAD_END]! - lines[row + LINE_HEAD]!);
    longestLineId = Math.max(longestLineId, size - lines[row + LINE_ID]!);
  });
  let longestOption = 0;
  let longestSongId = 0;
  let longestSongHead = 0;
  const songs = new Int32Array(catalogue.songs.length * SONG_ROW);
  catalogue.songs.forEach((song, i) => {
    const row = i * SONG_ROW;
    songs[row + SONG_OPTION] = add(JSON.stringify(song.option));
    songs[row + SONG_OPTION_END] = size;
    songs[row + SONG_ID] = add(JSON.stringify(song.id));
    songs[row + SONG_ID_END] = size;
    // Its leading comma is the one `add` writes: it always follows its line's head.
    songs[row + SONG_HEAD] = add(songHeadJson(song).slice(1));
    songs[row + SONG_HEAD_END] = size;
    longestSongHead = Math.max(longestSongHead, size - songs[row + SONG_HEAD]!);
    longestOption = Math.max(longestOption, songs[row + SONG_OPTION_END]! - songs[row + SONG_OPTION]!);
    longestSongId = Math.max(longestSongId, size - songs[row + SONG_ID]!);
  });
  const bodyPerQuestion = longestHead + longestSongHead + OPTIONS_PER_QUESTION * longestOption + 2;
  const arena = new Uint8Array(size + roomFor(QUIZ_MAX_COUNT, bodyPerQuestion));
  let at = 0;
  for (const piece of pieces) {
    arena.set(piece, at);
    at += piece.length;
  }
  layout = {
    arena,
    bodyAt: size,
    lines,
    songs,
    // `,{…"options":[` + 5 × `,{"id":…}` + `]}`; `,id` in `l` + `,[` + 5 × `,id` + `]` in `o`
    bodyPerQuestion,
    tokenPerQuestion: longestLineId + 3 + OPTIONS_PER_QUESTION * longestSongId,
  };
  layouts.set(catalogue, layout);
  return layout;
}

/** The body's room for `count` questions: `[` and `]` around them. */
const roomFor = (count: number, bodyPerQuestion: number) => count * bodyPerQuestion + 2;

/** The layout's body room made large enough for `count` questions (more than a quiz has: a new arena). */
function withRoom(layout: Layout, count: number): Layout {
  const room = roomFor(count, layout.bodyPerQuestion);
  if (layout.arena.length - layout.bodyAt >= room) return layout;
  const arena = new Uint8Array(layout.bodyAt + room);
  arena.set(layout.arena.subarray(0, layout.bodyAt));
  layout.arena = arena;
  return layout;
}

/**
 * The token's JSON, reused from quiz to quiz (encoding is synchronous): `l` from the start, `o`
 * at the far end, moved down after the loop.
 */
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
  const { count, width } = picks;
  const layout = withRoom(layoutOf(catalogue), count);
  const { arena, bodyAt, lines, songs } = layout;
  const tokenRoom = count * layout.tokenPerQuestion;
  if (json.length < 2 * tokenRoom + 128) json = Buffer.alloc(2 * tokenRoom + 128);
  arena[bodyAt] = OPEN_ARRAY;
  let at = bodyAt + 1;
  let l = json.write(QUIZ_TOKEN_LINES_KEY, 0, 'latin1');
  const optionsStart = json.length - tokenRoom;
  let o = optionsStart;
  for (let q = 0; q < count; q++) {
    const row = picks.lines[q]! * LINE_ROW;
    const skip = q > 0 ? 0 : 1; // the first of a list has no comma
    // One native copy within one array per fragment: cheaper than Buffer#copy between two
    // (measured, docs/decisions/045).
    const head = lines[row + LINE_HEAD]! + skip;
    const headEnd = lines[row + LINE_HEAD_END]!;
    arena.copyWithin(at, head, headEnd);
    at += headEnd - head;
    const right = lines[row + LINE_SONG]! * SONG_ROW;
    const songHead = songs[right + SONG_HEAD]!;
    const songHeadEnd = songs[right + SONG_HEAD_END]!;
    arena.copyWithin(at, songHead, songHeadEnd);
    at += songHeadEnd - songHead;
    // Ids are a few bytes: a loop here is cheaper than a native call (measured, docs/decisions/026).
    for (let i = lines[row + LINE_ID]! + skip, end = lines[row + LINE_ID_END]!; i < end; i++)
      json[l++] = arena[i]!;
    if (q > 0) json[o++] = COMMA;
    json[o++] = OPEN_ARRAY;
    for (let p = 0; p < width; p++) {
      const song = picks.songs[q * width + p]! * SONG_ROW;
      const option = songs[song + SONG_OPTION]! + (p > 0 ? 0 : 1);
      const optionEnd = songs[song + SONG_OPTION_END]!;
      arena.copyWithin(at, option, optionEnd);
      at += optionEnd - option;
      for (let i = songs[song + SONG_ID]! + (p > 0 ? 0 : 1), end = songs[song + SONG_ID_END]!; i < end; i++)
        json[o++] = arena[i]!;
    }
    arena[at++] = CLOSE_ARRAY;
    arena[at++] = CLOSE_OBJECT;
    json[o++] = CLOSE_ARRAY;
  }
  arena[at++] = CLOSE_ARRAY;
  l += json.write(QUIZ_TOKEN_OPTIONS_KEY, l, 'latin1');
  l += json.copy(json, l, optionsStart, o);
  json[l++] = CLOSE_ARRAY;
  return {
    body: arena.subarray(bodyAt, at),
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
