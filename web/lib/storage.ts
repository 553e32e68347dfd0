/** Browser storage keys and helpers: one place for every key the client uses. */
import { UUID_PATTERN } from '../../src/shared/rules';

const uuid = new RegExp(UUID_PATTERN);
const SESSION_ID_KEY = 'kviz.sessionId';
/** This tab's play, in progress or finished (sessionStorage). */
export const QUIZ_STATE_KEY = 'kviz.quiz';
/** The browser's latest play, so another tab, a reopened browser and /results find it (localStorage). */
export const PLAY_KEY = 'kviz.play';
/** The scores of the last finished plays, kept in the browser (localStorage). */
export const HISTORY_KEY = 'kviz.history';
/** The difficulty last chosen or played: the start page and 'Nova igra' preselect it (localStorage). */
export const DIFFICULTY_KEY = 'kviz.difficulty';
export const ADMIN_CREDENTIALS_KEY = 'kviz.adminCredentials';

/**
 * The player's session id: a random UUID created once and kept in localStorage
 * (docs/product.md#session-id).
 */
export function getSessionId(storage: Storage = localStorage): string {
  let id = storage.getItem(SESSION_ID_KEY);
  // The server's own pattern: an id it would refuse must never be kept (every play would be lost).
  if (!id || !uuid.test(id)) {
    id = crypto.randomUUID();
    storage.setItem(SESSION_ID_KEY, id);
  }
  return id;
}

export function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the play goes on without persistence.
  }
}
