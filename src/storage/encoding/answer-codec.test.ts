import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { decodeAnswers, encodeAnswers, type PackedAnswer } from './answer-codec';

describe('packed answers', () => {
  test('a right answer takes its key alone; a wrong one adds the song picked', () => {
    const bytes = encodeAnswers([
      { keyId: 5, wrongSongId: undefined },
      { keyId: 5, wrongSongId: 7 },
      { keyId: 300, wrongSongId: 200 },
    ]);
    // format, 5×2, 5×2+1 then 7, 300×2+1 = 601 = 0xD9 0x04 then 200 = 0xC8 0x01
    expect([...bytes]).toEqual([1, 10, 11, 7, 0xd9, 0x04, 0xc8, 0x01]);
  });

  test('property: any answers decode to themselves, in order', () => {
    const answer = fc.record({
      keyId: fc.integer({ min: 0, max: 2 ** 40 }),
      wrongSongId: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 60 }), (answers: PackedAnswer[]) => {
        expect(decodeAnswers(encodeAnswers(answers))).toEqual(answers);
      }),
      { numRuns: 500 },
    );
  });

  test('30 answers of a catalogue of 2,000 lines and 75 songs take at most 91 bytes', () => {
    const answers = Array.from({ length: 30 }, (_, i) => ({
      keyId: 2_000 + i,
      wrongSongId: i % 2 === 0 ? 75 : undefined,
    }));
    expect(encodeAnswers(answers).length).toBeLessThanOrEqual(91);
  });

  test('bytes of another format or cut short are refused, not misread', () => {
    expect(() => decodeAnswers(Uint8Array.from([2, 10]))).toThrow('unknown answers format 2');
    expect(() => decodeAnswers(Uint8Array.from([1, 11]))).toThrow('truncated');
    expect(() => decodeAnswers(Uint8Array.from([1, 0x80]))).toThrow('truncated');
    expect(() => encodeAnswers([{ keyId: -1, wrongSongId: undefined }])).toThrow(RangeError);
  });
});
