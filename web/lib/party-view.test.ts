import { describe, expect, test } from 'bun:test';
import type { RevealMessage } from '../../src/shared/contracts/party';
import { applyPartyMessage, initialPartyView, secondsLeft } from './party-view';
import {
  hostAwayText,
  ofPlayers,
  partyShareText,
  playersCount,
  rankChange,
  settingsSummary,
} from './party-words';

describe('Kviz uživo words', () => {
  test.each([
    [1, '1 igrač'],
    [3, '3 igrača'],
    [5, '5 igrača'],
    [21, '21 igrač'],
    [5000, '5.000 igrača'],
  ])('%p players', (n, text) => {
    expect(playersCount(n)).toBe(text);
  });

  test('rank changes and the share sentence', () => {
    expect(rankChange(2)).toEqual({ text: '▲ 2', label: '2 mjesta gore', kind: 'up' });
    expect(rankChange(-1)).toEqual({ text: '▼ 1', label: '1 mjesto dolje', kind: 'down' });
    expect(partyShareText(2, 3, 1700, 'Lovro Lanterna')).toBe(
      'Moj rezultat u Kvizu uživo (Lovro Lanterna Kviz znanja): 2. mjesto od 3 igrača, 1.700 bodova!',
    );
  });

  test('a number and its unit are joined by a no-break space: "nakon 5 s" never ends a line on "5"', () => {
    expect(settingsSummary({ lines: 10, seconds: 30, difficulty: 'normal', autoNext: 5 })).toBe(
      '10 stihova · 30\u00a0sekundi po stihu · Normalno · sljedeći korak nakon 5\u00a0s',
    );
  });

  test('after "od" the genitive, and the points counted, for one as for many', () => {
    expect(ofPlayers(1)).toBe('od 1 igrača');
    expect(ofPlayers(21)).toBe('od 21 igrača');
    expect(partyShareText(1, 1, 1501, 'Lovro Lanterna')).toBe(
      'Moj rezultat u Kvizu uživo (Lovro Lanterna Kviz znanja): 1. mjesto od 1 igrača, 1.501 bod!',
    );
    expect(partyShareText(1, 2, 0, 'Lovro Lanterna')).toContain('od 2 igrača');
    expect(partyShareText(1, 2, 0, 'Lovro Lanterna')).toContain(', 0 bodova!');
    expect(partyShareText(3, 4, 22, 'Lovro Lanterna')).toContain(', 22 boda!');
  });
});

describe('the screen state', () => {
  const line = {
    type: 'line' as const,
    index: 0,
    total: 10,
    lyric: 'Stih',
    options: ['A', 'B', 'C', 'D', 'E'],
    seconds: 20,
    remainingMs: 20_000,
    paused: false,
  };

  test('a line, its ack, a pause and the reveal', () => {
    let view = applyPartyMessage(initialPartyView, line, 1_000);
    expect(view.phase).toBe('line');
    expect(secondsLeft(view.line!, 6_000)).toBe(15);
    view = applyPartyMessage(view, { type: 'ack', index: 0, option: 3 }, 2_000);
    expect(view.myAnswer).toBe(3);
    view = applyPartyMessage(view, { type: 'paused', paused: true, remainingMs: 12_000 }, 9_000);
    expect([view.paused, secondsLeft(view.line!, 60_000)]).toEqual([true, 12]);
    view = applyPartyMessage(
      view,
      { type: 'refused', reason: 'late', message: 'Vrijeme je isteklo: odgovor nije primljen.' },
      9_500,
    );
    expect(view.notice).toBe('Vrijeme je isteklo: odgovor nije primljen.');
    // The next line clears the locked answer and the notice.
    view = applyPartyMessage(view, { ...line, index: 1 }, 10_000);
    expect([view.myAnswer, view.notice, view.paused]).toEqual([undefined, undefined, false]);
  });

  test("the host's absence is shown until the host is back, and asked again after a rejoin", () => {
    let view = applyPartyMessage(initialPartyView, { type: 'presence', hostAway: true }, 0);
    expect(view.hostAway).toBe(true);
    expect(applyPartyMessage(view, { type: 'presence', hostAway: false }, 0).hostAway).toBe(false);
    view = applyPartyMessage(
      view,
      {
        type: 'joined',
        code: 'ABCDEFG',
        playerToken: 'x'.repeat(22),
        playerId: 1,
        nickname: 'Ana',
        settings: { lines: 10, seconds: 20, difficulty: 'normal', autoNext: 0 },
      },
      0,
    );
    expect(view.hostAway).toBe(false);
    const playing = { phase: 'line', paused: false };
    expect(hostAwayText(view.settings, playing)).toBe('Voditelj se odspojio – čekamo da se vrati.');
    const auto = { ...view.settings!, autoNext: 5 as const };
    expect(hostAwayText(auto, playing)).toBe('Voditelj se odspojio – igra ide dalje sama.');
    // Only the host starts or resumes a game: in the lobby or paused, the phones wait for them.
    expect(hostAwayText(auto, { phase: 'lobby', paused: false })).toBe(
      'Voditelj se odspojio – čekamo da se vrati.',
    );
    expect(hostAwayText(auto, { phase: 'line', paused: true })).toBe(
      'Voditelj se odspojio – čekamo da se vrati.',
    );
  });

  test("a phone's result brings the line's reveal with it: one message ends the line", () => {
    const reveal: RevealMessage = {
      type: 'reveal',
      index: 0,
      total: 10,
      correct: 3,
      song: 'Pjesma',
      album: 'Album',
      year: 2001,
      counts: [0, 0, 0, 1, 0],
      answered: 1,
      players: 1,
      skipped: false,
    };
    let view = applyPartyMessage(initialPartyView, line, 1_000);
    view = applyPartyMessage(view, { type: 'ack', index: 0, option: 3 }, 2_000);
    view = applyPartyMessage(
      view,
      {
        type: 'result',
        index: 0,
        right: true,
        option: 3,
        points: 950,
        total: 950,
        rank: 1,
        players: 1,
        reveal,
      },
      3_000,
    );
    expect(view.phase).toBe('reveal');
    expect(view.reveal).toEqual(reveal);
    expect(view.result?.points).toBe(950);
  });
});
