/**
 * Croatian plural forms of a noun after a count: 1 točan odgovor, 2 točna odgovora,
 * 5 točnih odgovora; 21 like 1, 22–24 like 2, 11–14 like 5. One helper for every count the
 * interface shows (docs/decisions/015-results-and-sharing.md). No DOM.
 */
import { formatCount } from './format';

/** The noun after 1 (and 21, 31, …), after 2–4 (22–24, …) and after 0 and 5+ (11–14, …). */
export type PluralForms = readonly [one: string, few: string, many: string];

export function pluralForm(count: number, [one, few, many]: PluralForms): string {
  const n = Math.abs(Math.trunc(count));
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** The count as Croatian readers write it (2.002) followed by the right form of the noun. */
export function countOf(count: number, forms: PluralForms): string {
  return `${formatCount(count)} ${pluralForm(count, forms)}`;
}

// The nouns the interface counts. 'točnih odgovora', a text kept exact, is the form for 0 and 5+
// (docs/product.md#texts-that-must-stay-exact).
export const CORRECT_ANSWERS: PluralForms = ['točan odgovor', 'točna odgovora', 'točnih odgovora'];
export const LINES: PluralForms = ['stih', 'stiha', 'stihova'];
/** After "iz": iz 1 pjesme, iz 2 pjesme, iz 5 pjesama. */
export const SONGS_GENITIVE: PluralForms = ['pjesme', 'pjesme', 'pjesama'];
/** After "sa svih": sa svih 7 albuma (the genitive plural; 1 album would read "s jednog albuma"). */
export const ALBUMS_GENITIVE: PluralForms = ['albuma', 'albuma', 'albuma'];
export const QUIZZES: PluralForms = ['kviz', 'kviza', 'kvizova'];
export const PLAYS: PluralForms = ['igra', 'igre', 'igara'];
export const PLAYERS: PluralForms = ['igrač', 'igrača', 'igrača'];
/** Niz: 1 dan, 2 dana, 5 dana. */
export const DAYS: PluralForms = ['dan', 'dana', 'dana'];
/** Rangirana igra: 1 rangirana igra, 2 rangirane igre, 5 rangiranih igara. */
export const RANKED_PLAYS: PluralForms = ['rangirana igra', 'rangirane igre', 'rangiranih igara'];
/** 'Odabrano 3 puta': 1 put, 2 puta, 5 puta. */
export const TIMES: PluralForms = ['put', 'puta', 'puta'];
