/**
 * The compact raw record of a play's answers (docs/decisions/014): one byte
 * string per play instead of 30 rows. Pure: no db.
 *
 *   byte 0        format (1)
 *   per answer    varint(keyId × 2 + wrong), then varint(selectedSongId) when wrong
 *
 * in the order the questions were asked. `keyId` names an answer key (the line
 * asked, its song and that song's album when the play was recorded); a right
 * answer selected the key's song, so only a wrong one stores the song selected.
 * Varints are unsigned LEB128: 7 bits a byte, the high bit set on every byte but the last.
 * 30 answers of the demo catalogue take 60–90 bytes.
 */

const ANSWERS_FORMAT = 1;

export interface PackedAnswer {
  keyId: number;
  /** The song selected when the answer is wrong; undefined for a right answer (the key's song). */
  wrongSongId: number | undefined;
}

function pushVarint(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`cannot pack ${value}`);
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

export function encodeAnswers(answers: readonly PackedAnswer[]): Uint8Array {
  const out: number[] = [ANSWERS_FORMAT];
  for (const answer of answers) {
    const wrong = answer.wrongSongId !== undefined;
    pushVarint(out, answer.keyId * 2 + (wrong ? 1 : 0));
    if (wrong) pushVarint(out, answer.wrongSongId!);
  }
  return Uint8Array.from(out);
}

/**
 * Calls `visit` for each answer in order, without allocating per answer
 * (verify and rebuild decode every play). Throws on bytes this format cannot hold.
 */
export function forEachAnswer(
  bytes: Uint8Array,
  visit: (keyId: number, wrongSongId: number | undefined) => void,
): number {
  if (bytes[0] !== ANSWERS_FORMAT) throw new RangeError(`unknown answers format ${bytes[0]}`);
  let at = 1;
  let count = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length) throw new RangeError('truncated answers');
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  while (at < bytes.length) {
    const head = varint();
    const keyId = Math.floor(head / 2);
    visit(keyId, head % 2 === 1 ? varint() : undefined);
    count++;
  }
  return count;
}

export function decodeAnswers(bytes: Uint8Array): PackedAnswer[] {
  const answers: PackedAnswer[] = [];
  forEachAnswer(bytes, (keyId, wrongSongId) => answers.push({ keyId, wrongSongId }));
  return answers;
}
