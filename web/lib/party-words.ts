/** Croatian words and sentences of Kviz uživo's screens. No DOM. */
import type { PartySettings } from '../../src/shared/contracts/party';
import { DIFFICULTY_LABELS } from '../../src/shared/difficulty';
import { countOf, LINES, PLAYERS, pluralForm } from './plural';

const SECONDS_WORD = ['sekunda', 'sekunde', 'sekundi'] as const;
const POINTS_WORD = ['bod', 'boda', 'bodova'] as const;

const PLACES = ['mjesto', 'mjesta', 'mjesta'] as const;

export const playersCount = (n: number) => countOf(n, PLAYERS);
export const pointsCount = (n: number) => countOf(n, POINTS_WORD);
/** After "od" the genitive, "igrača" for every count: od 1 igrača, od 3 igrača, od 21 igrača. */
export const ofPlayers = (n: number) => `od ${countOf(n, ['igrača', 'igrača', 'igrača'])}`;

/** A number and its unit never part at the end of a line: "5 s" is joined by a no-break space. */
export const withUnit = (n: number, unit: string) => `${n}\u00a0${unit}`;

export function settingsSummary(s: PartySettings): string {
  const pause =
    s.autoNext === 0
      ? 'voditelj pokreće sljedeći korak'
      : `sljedeći korak nakon ${withUnit(s.autoNext, 's')}`;
  return `${countOf(s.lines, LINES)} · ${withUnit(s.seconds, pluralForm(s.seconds, SECONDS_WORD))} po stihu · ${DIFFICULTY_LABELS[s.difficulty]} · ${pause}`;
}

/**
 * What the phones say while the host's screen is gone: a game that steps on by itself goes on,
 * but only once started and while not paused (only the host starts or resumes a game).
 */
export function hostAwayText(
  settings: PartySettings | undefined,
  state: { phase: string; paused: boolean },
): string {
  const goesOn =
    settings !== undefined &&
    settings.autoNext > 0 &&
    !state.paused &&
    ['line', 'reveal', 'scoreboard'].includes(state.phase);
  return goesOn
    ? 'Voditelj se odspojio – igra ide dalje sama.'
    : 'Voditelj se odspojio – čekamo da se vrati.';
}

/** Places gained since the previous scoreboard, as an arrow and a number. */
export function rankChange(change: number): { text: string; label: string; kind: 'up' | 'down' | 'same' } {
  if (change > 0) return { text: `▲ ${change}`, label: `${countOf(change, PLACES)} gore`, kind: 'up' };
  if (change < 0) return { text: `▼ ${-change}`, label: `${countOf(-change, PLACES)} dolje`, kind: 'down' };
  return { text: '–', label: 'bez promjene', kind: 'same' };
}

/** The sentence a player shares at the end. */
export function partyShareText(place: number, players: number, points: number, artist: string): string {
  return `Moj rezultat u Kvizu uživo (${artist} Kviz znanja): ${place}. mjesto ${ofPlayers(players)}, ${pointsCount(points)}!`;
}
