import { pluralForm } from '../../web/lib/plural';
import { NICKNAME_MAX_LENGTH } from '../shared/contracts/party';

export type NicknameCheck = { ok: true; nickname: string } | { ok: false; message: string };

/**
 * Unicode's recommended emoji, sequences included (a family is four people joined by U+200D, a
 * heart with U+FE0F, a flag of tags): whole, they are one visible symbol, so the joiners and
 * selectors inside them are not the invisible characters refused below.
 */
const EMOJI = /\p{RGI_Emoji}/gv;
/**
 * Control, format (zero-width, bidi overrides), surrogate, private-use and unassigned characters;
 * the line and paragraph separators; the default-ignorable ones, which fonts draw as nothing (the
 * Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Khmer U+17B4/U+17B5, variation selectors);
 * and the braille blank U+2800, a symbol that shows as a space.
 */
const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Every Unicode space (no-break, em, ideographic…) and the tab read as one plain space. */
const SPACES = /[\p{Zs}\t]+/gu;
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;
/**
 * Combining marks on one character. NFC composes the accented letters of Latin scripts, and
 * Thai, Hebrew, Devanagari or decomposed Vietnamese need at most two; "Zalgo" text stacks dozens,
 * which draw over the lines above and below the name on every screen.
 */
const MAX_MARKS = 2;
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS + 1}}`, 'u');

/**
 * A nickname as it will be shown: NFC, trimmed, every run of spaces one plain space; refused when
 * empty, longer than NICKNAME_MAX_LENGTH characters, holding an invisible or control character
 * (outside an emoji sequence), more than MAX_MARKS combining marks on one character, or nothing
 * visible at all. Uniqueness in a room is checked by the room (`nicknameKey`).
 */
export function checkNickname(raw: string): NicknameCheck {
  const spaced = raw.normalize('NFC').replace(SPACES, ' ');
  // An emoji counts as one visible symbol; '*' stands for it in the checks. Checked before the
  // trim, which would drop a trailing line separator or byte-order mark unseen.
  if (INVISIBLE.test(spaced.replace(EMOJI, '*')))
    return { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' };
  const nickname = spaced.trim();
  const plain = nickname.replace(EMOJI, '*');
  if (nickname === '') return { ok: false, message: 'Upiši nadimak.' };
  if ([...nickname].length > NICKNAME_MAX_LENGTH)
    return {
      ok: false,
      message: `Nadimak može imati najviše ${NICKNAME_MAX_LENGTH} ${pluralForm(NICKNAME_MAX_LENGTH, ['znak', 'znaka', 'znakova'])}.`,
    };
  if (TOO_MANY_MARKS.test(plain))
    return { ok: false, message: 'Nadimak ima previše dijakritičkih znakova na jednom slovu.' };
  if (!VISIBLE.test(plain))
    return { ok: false, message: 'Nadimak mora sadržavati barem jedno slovo, broj ili simbol.' };
  return { ok: true, nickname };
}

/**
 * Letters of other scripts that are drawn like a Latin letter, and Latin ones drawn like an ASCII
 * letter (after Unicode's confusables.txt, the strong cases only): a Cyrillic "Аna" and a Greek
 * "ΑΝΑ" must not pass for "Ana" beside her. Case is kept here (Greek Ν looks like N, ν like v)
 * and folded after. ASCII look-alikes among themselves (I and l, 0 and O) are left apart.
 */
const LOOKALIKES = new Map<string, string>([
  // Cyrillic
  ...pairs('АВЕКМНОРСТУХЅІЈӀԚԜҮ', 'ABEKMHOPCTYXSIJIQWY'),
  ...pairs('аеорсухѕіјһӏԁԛԝү', 'aeopcyxsijhldqwy'),
  // Greek
  ...pairs('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ', 'ABEZHIKMNOPTYXCJ'),
  ...pairs('αικνορυχϲϳ', 'aikvopuxcj'),
  // Latin letters outside ASCII that NFKC leaves alone
  ...pairs('ıɑɡɩȷ', 'iagij'),
]);

/** Each character of `from` with the one at its place in `to`. */
function pairs(from: string, to: string): [string, string][] {
  const chars = [...from];
  if (chars.length !== to.length) throw new Error(`look-alikes out of step: ${from}`);
  return chars.map((c, i) => [c, to[i]!]);
}

/**
 * Two nicknames with the same key are the same player to the room: compatibility forms folded
 * (NFKC: fullwidth "Ａｎａ", the ligature "ﬁ", mathematical letters), look-alike letters of other
 * scripts mapped to the Latin one they pass for (accents kept: "Šime" is not "Sime"), then case
 * folded ("ß" as "ss").
 */
export function nicknameKey(nickname: string): string {
  // Decomposed first, so a look-alike carrying an accent (Cyrillic Ё) maps its base letter.
  let mapped = '';
  for (const c of nickname.normalize('NFKD')) mapped += LOOKALIKES.get(c) ?? c;
  return mapped.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}
