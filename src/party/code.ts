import { randomBytes, randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../shared/contracts/party';

/**
 * A new room code from the system's secure random source: the first symbol one of `prefixes`
 * (the symbols this instance owns, docs/decisions/031-live-game.md), the other ROOM_CODE_LENGTH − 1
 * of the 32-symbol alphabet (5 bits each, no modulo bias since 256 is a multiple of 32). With
 * every symbol owned (one instance) that is 35 bits; an instance owning k symbols draws
 * 30 + log2(k) bits (two instances: 34), never under 30.
 */
export function newRoomCode(prefixes: string = ROOM_CODE_ALPHABET): string {
  const bytes = randomBytes(ROOM_CODE_LENGTH - 1);
  let code = prefixes[randomInt(prefixes.length)]!;
  for (const byte of bytes) code += ROOM_CODE_ALPHABET[byte % ROOM_CODE_ALPHABET.length];
  return code;
}

/** A host's or a player's secret: 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}
