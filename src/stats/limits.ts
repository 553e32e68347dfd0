/**
 * Limits shared by the server and the browser (no dependencies, so the client
 * bundle can import them without TypeBox).
 */

/** Plays of this many questions are recorded (spec §9: 30 lines per quiz, maximum score 30). */
export const PLAY_LENGTH = 30;
export const DEVICE_INFO_MAX_LENGTH = 512;
/** A session id is a UUID in its canonical 8-4-4-4-12 form. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
