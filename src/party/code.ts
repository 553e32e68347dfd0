import { randomBytes } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../shared/contracts/party';

/**
 * A new room code: ROOM_CODE_LENGTH symbols of a 32-symbol alphabet drawn from the system's
 * secure random source (5 bits each, no modulo bias since 256 is a multiple of 32): 35 bits,
 * so with PARTY_MAX_ROOMS rooms open and joining rate-limited, guessing one takes years.
 */
export function newRoomCode(): string {
  const bytes = randomBytes(ROOM_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ROOM_CODE_ALPHABET[byte % ROOM_CODE_ALPHABET.length];
  return code;
}

/** What a person typed, as a code: case, spaces and dashes ignored; undefined when it cannot be one. */
export function normalizeRoomCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== ROOM_CODE_LENGTH) return undefined;
  for (const symbol of code) if (!ROOM_CODE_ALPHABET.includes(symbol)) return undefined;
  return code;
}

/** A host's or a player's secret: 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}
