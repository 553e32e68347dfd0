import { PLAY_LENGTH } from './rules';

/** The label a score earns: bands ending at 10, 15, 20 and 25 (docs/product.md#rating-bands). */
export const RATING_BANDS = [
  { min: 0, max: 10, label: 'Nedovoljno' },
  { min: 11, max: 15, label: 'Dovoljno' },
  { min: 16, max: 20, label: 'Dobro' },
  { min: 21, max: 25, label: 'Vrlo dobro' },
  { min: 26, max: PLAY_LENGTH, label: 'Odlično' },
] as const;

export type RatingBand = (typeof RATING_BANDS)[number];

export function ratingFor(score: number): RatingBand {
  return RATING_BANDS.find((band) => score <= band.max) ?? RATING_BANDS[RATING_BANDS.length - 1]!;
}
