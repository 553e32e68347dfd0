import { describe, expect, test } from 'bun:test';
import { createQuizToken, newNonce, verifyQuizToken } from './token';

const secret = 'a-secret-that-is-long-enough-000000';
const payload = {
  lyricIds: [3, 14, 15, 92],
  options: [
    [1, 2, 3, 4, 5],
    [6, 2, 3, 4, 5],
    [1, 7, 3, 4, 5],
    [1, 2, 8, 4, 5],
  ],
  issuedAt: 1_750_000_000,
  nonce: 'fixed-nonce-0001',
};
const ttl = 7200;

describe('quiz token', () => {
  test('round trip returns the payload', () => {
    const token = createQuizToken(secret, payload);
    expect(verifyQuizToken(secret, token, payload.issuedAt + 10, ttl)).toEqual({ ok: true, payload });
  });

  test('a daily challenge token carries its day; a token without one (free play, older tokens) has none', () => {
    const daily = { ...payload, day: '2025-04-15' };
    expect(verifyQuizToken(secret, createQuizToken(secret, daily), payload.issuedAt, ttl)).toEqual({
      ok: true,
      payload: daily,
    });
    const plain = verifyQuizToken(secret, createQuizToken(secret, payload), payload.issuedAt, ttl);
    expect(plain.ok && 'day' in plain.payload).toBe(false);
    // A signed payload whose day is not a string is malformed.
    const body = Buffer.from(JSON.stringify({ l: [1], t: payload.issuedAt, n: 'x', y: 5 })).toString(
      'base64url',
    );
    const signature = new Bun.CryptoHasher('sha256', secret).update(body).digest('base64url');
    expect(verifyQuizToken(secret, `${body}.${signature}`, payload.issuedAt, ttl)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  test('a changed character anywhere is rejected, the last one of the signature included', () => {
    const token = createQuizToken(secret, payload);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      for (const replacement of ['A', 'B', 'h', '-']) {
        if (replacement === token[i]) continue;
        const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(verifyQuizToken(secret, tampered, payload.issuedAt, ttl).ok).toBe(false);
      }
    }
  });

  test('a token signed with another secret is rejected', () => {
    const token = createQuizToken('another-secret-that-is-long-enough-0', payload);
    expect(verifyQuizToken(secret, token, payload.issuedAt, ttl)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  test('an expired token is rejected; one at the end of its lifetime is accepted', () => {
    const token = createQuizToken(secret, payload);
    expect(verifyQuizToken(secret, token, payload.issuedAt + ttl, ttl).ok).toBe(true);
    // An expired token still names its play: a replay of a recorded play is answered (docs/decisions/034).
    expect(verifyQuizToken(secret, token, payload.issuedAt + ttl + 1, ttl)).toEqual({
      ok: false,
      reason: 'expired',
      payload: expect.objectContaining({ nonce: payload.nonce, lyricIds: payload.lyricIds }),
    });
  });

  test('a token from the future beyond the clock skew is rejected', () => {
    const token = createQuizToken(secret, payload);
    expect(verifyQuizToken(secret, token, payload.issuedAt - 3600, ttl)).toEqual({
      ok: false,
      reason: 'not_yet_valid',
    });
  });

  test.each(['', '.', 'abc', 'a.b.c', '..', 'eyJ9.x'])('garbage %p is rejected', (garbage) => {
    expect(verifyQuizToken(secret, garbage, payload.issuedAt, ttl).ok).toBe(false);
  });

  test('nonces differ', () => {
    expect(new Set(Array.from({ length: 1000 }, newNonce)).size).toBe(1000);
  });
});
