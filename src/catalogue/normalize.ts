/** Trims and collapses every run of whitespace (including newlines and NBSP) to one space. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * Identity of a line for duplicate detection: case, punctuation and spacing
 * differences do not make two lines distinguishable to a player.
 */
export function lineKey(line: string): string {
  return normalizeText(line)
    .toLocaleLowerCase('hr')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/ +/g, ' ')
    .trim();
}
