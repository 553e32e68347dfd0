import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { OPTIONS_PER_QUESTION } from '../shared/rules';
import { type Random, randomInt, sampleDistinct } from './sample';
import { headJson } from './serialize';
import { newNonce, signQuizTokenJson } from './token';

/**
 * The normal free-play quiz drawn straight into its response bytes and its token: the same
 * draws as `generateQuiz` in the same order (lines by a partial shuffle, four other songs by
 * rejection, the right one at a uniform position), so a seeded source gives the same quiz,
 * byte for byte `serializeQuiz` of `generateQuiz` and the token `createQuiz` would sign
 * (draw.test.ts). Easy, hard and the daily challenge still build `Question`s.
 *
 * Why it looks like this (docs/decisions/026): in the server under load a quiz costs several
 * times what it costs in a loop, because between two requests the HTTP work
 * evicts the catalogue from the CPU caches, and every pointer followed per question (line →
 * song → fragment object → its bytes) is a cache miss. So everything a quiz reads lies in
 * few places: every fragment in one byte array, and per line one row of five integers
 * (where its fragments are, its song). No `Question`, array of ids or string is made: the
 * body and the token's JSON are written into buffers reused from quiz to quiz.
 */
export interface DrawnQuiz {
  /**
   * The JSON of the questions, UTF-8 (the QuizQuestions contract): a view of a buffer the
   * next quiz overwrites. `new Response(body)` copies it (draw.test.ts checks that Bun does).
   */
  body: Uint8Array<ArrayBuffer>;
  token: string;
}

/** A line's row in `DrawLayout.lines`: its head `,{"id":…,"options":[` and its id `,123` in `bytes`, its song. */
const LINE_HEAD = 0;
const LINE_HEAD_END = 1;
const LINE_ID = 2;
const LINE_ID_END = 3;
const LINE_SONG = 4;
const LINE_ROW = 5;
/** A song's row in `DrawLayout.songs`: its option `,{"id":…,"title":…}` and its id `,45` in `bytes`. */
const SONG_OPTION = 0;
const SONG_OPTION_END = 1;
const SONG_ID = 2;
const SONG_ID_END = 3;
const SONG_ROW = 4;

interface DrawLayout {
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

const layouts = new WeakMap<CatalogueIndex, DrawLayout>();

function layoutOf(catalogue: CatalogueIndex): DrawLayout {
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

// Reused from quiz to quiz: drawing is synchronous.
const others: number[] = [];
let body = Buffer.alloc(16 * 1024);
/** The token's JSON: `l` from the start, `o` at the far end, moved down after the loop. */
let json = Buffer.alloc(4 * 1024);
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]
const CLOSE_OBJECT = 125; // }
const COMMA = 44;
const LYRICS_KEY = '{"l":[';
const OPTIONS_KEY = '],"o":[';

export function drawQuiz(
  catalogue: CatalogueIndex,
  secret: string,
  count: number,
  nowSeconds: number,
  random: Random = Math.random,
): DrawnQuiz {
  const layout = layoutOf(catalogue);
  const { bytes, lines, songs } = layout;
  const songCount = catalogue.songs.length;
  const distractors = Math.min(OPTIONS_PER_QUESTION - 1, songCount - 1);
  const picked = sampleDistinct(random, catalogue.askable.length, count);
  const bodyRoom = picked.length * layout.bodyPerQuestion + 2;
  if (body.length < bodyRoom) body = Buffer.alloc(bodyRoom);
  const tokenRoom = picked.length * layout.tokenPerQuestion;
  if (json.length < 2 * tokenRoom + 128) json = Buffer.alloc(2 * tokenRoom + 128);
  body[0] = OPEN_ARRAY;
  let at = 1;
  let l = json.write(LYRICS_KEY, 0, 'latin1');
  const optionsStart = json.length - tokenRoom;
  let o = optionsStart;
  for (let q = 0; q < picked.length; q++) {
    const row = picked[q]! * LINE_ROW;
    const correct = lines[row + LINE_SONG]!;
    // generateQuiz's pickOthers, draw for draw.
    others.length = 0;
    while (others.length < distractors) {
      const candidate = randomInt(random, songCount);
      if (candidate !== correct && !others.includes(candidate)) others.push(candidate);
    }
    const position = randomInt(random, distractors + 1);
    const skip = q > 0 ? 0 : 1; // the first of a list has no comma
    at += bytes.copy(body, at, lines[row + LINE_HEAD]! + skip, lines[row + LINE_HEAD_END]!);
    // Ids are a few bytes: a loop here is cheaper than a native call (measured, docs/decisions/026).
    for (let i = lines[row + LINE_ID]! + skip, end = lines[row + LINE_ID_END]!; i < end; i++)
      json[l++] = bytes[i]!;
    if (q > 0) json[o++] = COMMA;
    json[o++] = OPEN_ARRAY;
    for (let p = 0, d = 0; p <= distractors; p++) {
      const song = (p === position ? correct : others[d++]!) * SONG_ROW;
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
  // {"l":[…],"o":[…],"t":…,"n":"…"}: the key order and spelling of createQuizToken's JSON.
  l += json.write(OPTIONS_KEY, l, 'latin1');
  l += json.copy(json, l, optionsStart, o);
  l += json.write(`],"t":${nowSeconds},"n":"${newNonce()}"}`, l, 'latin1');
  return {
    body: body.subarray(0, at) as Uint8Array<ArrayBuffer>,
    token: signQuizTokenJson(secret, json, l),
  };
}
