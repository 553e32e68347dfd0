/**
 * Small integer codes of the raw record's enumerations (the `plays` row keeps
 * a byte or none instead of a word: SQLite stores 0 and 1 in the record header
 * alone). The codes are stored: never reuse or renumber one, only add.
 * Counter tables use the names, which read well and are few rows.
 */
import type { BrowserFamily, DeviceClass } from '../../shared/devices';
import type { PlayMode } from '../../shared/play-mode';

// The daily challenge's plays (docs/decisions/021): ranked and practice.
const PLAY_MODE_CODES: Record<PlayMode, number> = {
  normal: 0,
  easy: 1,
  hard: 2,
  daily: 3,
  daily_practice: 4,
};
const DEVICE_CODES: Record<DeviceClass, number> = { other: 0, phone: 1, tablet: 2, desktop: 3 };
const BROWSER_CODES: Record<BrowserFamily, number> = {
  other: 0,
  chrome: 1,
  safari: 2,
  firefox: 3,
  edge: 4,
  samsung: 5,
  opera: 6,
};

function codec<Name extends string>(codes: Record<Name, number>, what: string) {
  const names = new Map<number, Name>(
    Object.entries(codes).map(([name, code]) => [code as number, name as Name]),
  );
  return {
    code: (name: Name): number => codes[name],
    name(code: number): Name {
      const name = names.get(code);
      if (name === undefined) throw new RangeError(`unknown ${what} code ${code}`);
      return name;
    },
  };
}

export const playModeCode = codec(PLAY_MODE_CODES, 'play mode');
export const deviceCode = codec(DEVICE_CODES, 'device class');
export const browserCode = codec(BROWSER_CODES, 'browser family');
