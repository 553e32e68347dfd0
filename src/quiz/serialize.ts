import type { CatalogueIndex, IndexedLyric } from '../catalogue/catalogue-index';
import type { Question } from '../shared/contracts/quiz';

/**
 * A quiz as JSON bytes without a pass over the quiz: each line's question head
 * and each song's option are serialized and UTF-8 encoded once per catalogue,
 * and a quiz is the concatenation of its 30 heads and 150 options, copied into
 * one buffer. Byte for byte the UTF-8 of `JSON.stringify(questions)`
 * (serialize.test.ts). Measured (docs/performance.md): serializing and encoding
 * the quiz was the largest share of a quiz request.
 */
interface Fragments {
  /** `{"id":…,"lyricId":…,…,"options":[` of each line, and the same after a comma. */
  heads: Map<number, [Uint8Array, Uint8Array]>;
  /**
   * `{"id":…,"title":"…"}` of each song, and the same after a comma, keyed by the song's
   * option object: generateQuiz shares it, so finding it proves the option is the catalogue's.
   */
  options: Map<object, [Uint8Array, Uint8Array]>;
}

const utf8 = new TextEncoder();
const OPEN = utf8.encode('[');
const CLOSE_QUESTION = utf8.encode(']}');
const CLOSE = utf8.encode(']');
/** A fragment alone and after a comma: one copy per piece of the quiz instead of two. */
const withComma = (json: string): [Uint8Array, Uint8Array] => [utf8.encode(json), utf8.encode(`,${json}`)];

/**
 * `{"id":…,"lyricId":…,…,"options":[` of a line: its question without the options, open for
 * them (the one place that spells a question's head; src/quiz/draw.ts uses it too).
 */
export function headJson(lyric: IndexedLyric): string {
  const { song } = lyric;
  const head: Omit<Question, 'options'> = {
    id: lyric.id,
    lyricId: lyric.id,
    lyric: lyric.text,
    correctSongId: song.id,
    correctSongTitle: song.title,
    albumTitle: song.album.title,
    albumYear: song.album.year,
  };
  return `${JSON.stringify(head).slice(0, -1)},"options":[`;
}

const fragmentsByCatalogue = new WeakMap<CatalogueIndex, Fragments>();
const scratch: Uint8Array[] = [];

function fragmentsOf(catalogue: CatalogueIndex): Fragments {
  let fragments = fragmentsByCatalogue.get(catalogue);
  if (!fragments) {
    const heads = new Map<number, [Uint8Array, Uint8Array]>();
    for (const lyric of catalogue.lyricsById.values()) heads.set(lyric.id, withComma(headJson(lyric)));
    const options = new Map<object, [Uint8Array, Uint8Array]>(
      catalogue.songs.map((song) => [song.option, withComma(JSON.stringify(song.option))]),
    );
    fragments = { heads, options };
    fragmentsByCatalogue.set(catalogue, fragments);
  }
  return fragments;
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

/** The JSON of questions generated from `catalogue`, UTF-8 (anything else is serialized the slow way). */
export function serializeQuiz(
  catalogue: CatalogueIndex,
  questions: readonly Question[],
): Uint8Array<ArrayBuffer> {
  const { heads, options } = fragmentsOf(catalogue);
  // The fragments and their total length, then one native concatenation: the fastest of the
  // ways tried (a copy loop in JS, one TypedArray.set per fragment;
  // docs/performance.md#figures-behind-code-comments).
  // The list of fragments is reused: serializing is synchronous, and garbage is what a
  // quiz request pays most for after the body itself (docs/performance.md).
  const parts = scratch;
  parts.length = 0;
  parts.push(OPEN);
  let length = OPEN.length + CLOSE.length;
  for (let i = 0; i < questions.length; i++) {
    const question = questions[i]!;
    const after = i > 0 ? 1 : 0;
    const head = heads.get(question.lyricId);
    if (head === undefined || !sameHead(question, catalogue.lyricsById.get(question.lyricId))) {
      const whole = utf8.encode((after ? ',' : '') + JSON.stringify(question));
      parts.push(whole);
      length += whole.length;
      continue;
    }
    parts.push(head[after]);
    length += head[after].length + CLOSE_QUESTION.length;
    for (let j = 0; j < question.options.length; j++) {
      const option = question.options[j]!;
      // Anything but the catalogue's own option object is written as it is.
      const fragment =
        options.get(option)?.[j > 0 ? 1 : 0] ?? utf8.encode((j > 0 ? ',' : '') + JSON.stringify(option));
      parts.push(fragment);
      length += fragment.length;
    }
    parts.push(CLOSE_QUESTION);
  }
  parts.push(CLOSE);
  const bytes = Buffer.concat(parts, length) as Uint8Array<ArrayBuffer>;
  parts.length = 0;
  return bytes;
}
