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
export const QUIZZES: PluralForms = ['kviz', 'kviza', 'kvizova'];
export const PLAYS: PluralForms = ['igra', 'igre', 'igara'];
export const PLAYERS: PluralForms = ['igrač', 'igrača', 'igrača'];
/** Niz: 1 dan, 2 dana, 5 dana. */
export const DAYS: PluralForms = ['dan', 'dana', 'dana'];
/** Rangirana igra: 1 rangirana igra, 2 rangirane igre, 5 rangiranih igara. */
export const RANKED_PLAYS: PluralForms = ['rangirana igra', 'rangirane igre', 'rangiranih igara'];
/** Landing visits: 1 posjet, 2 posjeta, 5 posjeta. */
export const VISITS: PluralForms = ['posjet', 'posjeta', 'posjeta'];
/** Presses of a share button: 1 pritisak, 2 pritiska, 5 pritisaka. */
export const PRESSES: PluralForms = ['pritisak', 'pritiska', 'pritisaka'];
/** 'Odabrano 3 puta': 1 put, 2 puta, 5 puta. */
export const TIMES: PluralForms = ['put', 'puta', 'puta'];

/** 'Dosad odigran 1 kviz', 'Dosad odigrana 3 kviza', 'Dosad odigrano 5 kvizova': the participle agrees too. */
export function playedSoFar(plays: number): string {
  return `Dosad ${pluralForm(plays, ['odigran', 'odigrana', 'odigrano'])} ${countOf(plays, QUIZZES)}`;
}

/** 'sa svih 7 albuma', but 'sa sva 3 albuma', 's oba albuma', 's jednog albuma'. */
export function fromAllAlbums(albums: number): string {
  if (albums === 1) return 's jednog albuma';
  if (albums === 2) return 's oba albuma';
  const few = pluralForm(albums, ['', 'few', '']) === 'few';
  return `sa ${few ? 'sva' : 'svih'} ${formatCount(albums)} albuma`;
}

/**
 * The title of the start page's lines card: the catalogue's count rounded up to a round figure,
 * 'Skoro 2000 stihova' for the catalogue the product was written for (1901–1999 lines), and as
 * true for an operator's own catalogue ('Skoro 2500 stihova' for 2439, '120 stihova' for 120).
 * Digits without a thousands dot, as in the original title.
 */
export function linesHeading(lines: number): string {
  const step = 10 ** Math.max(0, String(Math.trunc(lines)).length - 2);
  const round = Math.ceil(lines / step) * step;
  const counted = `${round} ${pluralForm(round, LINES)}`;
  return round === lines ? counted : `Skoro ${counted}`;
}
