import { pluralForm } from '../../web/lib/plural';
import { NICKNAME_MAX_LENGTH } from '../shared/contracts/party';

export type NicknameCheck = { ok: true; nickname: string } | { ok: false; message: string };

// Control, format (zero-width, bidi overrides), surrogate, private-use and unassigned characters.
const INVISIBLE = /\p{C}/u;

/**
 * A nickname as it will be shown: NFC, trimmed, inner whitespace collapsed; refused when
 * empty, longer than NICKNAME_MAX_LENGTH characters or holding an invisible or control character.
 * Uniqueness in a room is checked by the room (`nicknameKey`).
 */
export function checkNickname(raw: string): NicknameCheck {
  const spaced = raw.normalize('NFC').replace(/[ \t\u00a0\u3000]+/gu, ' ');
  if (INVISIBLE.test(spaced.replace(/ /g, '')))
    return { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' };
  const nickname = spaced.trim();
  if (nickname === '') return { ok: false, message: 'Upiši nadimak.' };
  if ([...nickname].length > NICKNAME_MAX_LENGTH)
    return {
      ok: false,
      message: `Nadimak može imati najviše ${NICKNAME_MAX_LENGTH} ${pluralForm(NICKNAME_MAX_LENGTH, ['znak', 'znaka', 'znakova'])}.`,
    };
  return { ok: true, nickname };
}

/** Two nicknames that differ only in case or accents' composition are the same player to the room. */
export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFC').toLocaleLowerCase('hr');
}
