import { createHmac } from 'node:crypto';

/** Salted hash of a session id: players are counted without their id ever being stored. */
export function playerHash(salt: string, sessionId: string): string {
  return createHmac('sha256', salt).update(sessionId.toLowerCase()).digest('base64url');
}
