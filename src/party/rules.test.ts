import { describe, expect, test } from 'bun:test';
import { normalizeRoomCode, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '../shared/contracts/party';
import { newRoomCode, newToken } from './code';
import { checkNickname } from './nickname';
import { Roster } from './roster';
import { pointsFor, rankStandings } from './scoring';

describe('room codes', () => {
  test('at least 30 bits from an alphabet without 0, O, 1 or I', () => {
    expect(ROOM_CODE_LENGTH * Math.log2(ROOM_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(30);
    expect(ROOM_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(new Set(ROOM_CODE_ALPHABET).size).toBe(ROOM_CODE_ALPHABET.length);
  });

  test('codes use the alphabet, and 2,000 of them do not repeat', () => {
    const codes = Array.from({ length: 2000 }, newRoomCode);
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(codes.length);
  });

  test("an instance's codes begin with one of its symbols, every one of them drawn", () => {
    const codes = Array.from({ length: 2000 }, () => newRoomCode('AB7'));
    for (const code of codes) expect(code).toMatch(new RegExp(`^[AB7][${ROOM_CODE_ALPHABET}]{6}$`));
    expect(new Set(codes.map((c) => c[0]))).toEqual(new Set(['A', 'B', '7']));
    // The other six symbols stay random: 30 bits with one symbol owned.
    expect(new Set(codes.map((c) => c.slice(1))).size).toBe(codes.length);
  });

  test.each([
    ['abc-defg', 'ABCDEFG'],
    [' AB CD EFG ', 'ABCDEFG'],
    ['ABCDEF', undefined],
    ['ABCDEF0', undefined],
    ['ABCDEFI', undefined],
  ])('%p is read as %p', (typed, code) => {
    expect(normalizeRoomCode(typed)).toBe(code);
  });

  test('tokens are 128 random bits, URL-safe', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newToken()).not.toBe(newToken());
  });
});

describe('nicknames', () => {
  test.each([
    ['  Ana   Marija ', { ok: true, nickname: 'Ana Marija' }],
    ['Đurđa Šimić', { ok: true, nickname: 'Đurđa Šimić' }],
    ['   ', { ok: false, message: 'Upiši nadimak.' }],
    ['x'.repeat(25), { ok: false, message: 'Nadimak može imati najviše 24 znaka.' }],
    ['Ana\u0007', { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' }],
    ['A\u200bna', { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' }],
    ['Ana\nMarija', { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' }],
    // Every Unicode space is one plain space.
    ['Ana\u2003Marija\u3000\u00a0Ban', { ok: true, nickname: 'Ana Marija Ban' }],
    [
      'Ana\u2028Marija',
      { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' },
    ],
    ['Ana\u2029', { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' }],
    // Letters and symbols that are drawn as nothing.
    ...['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u17b4', 'Ana\u3164', '\u3164\u3164\u3164'].map(
      (raw) =>
        [
          raw,
          { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' },
        ] as const,
    ),
    ['\u0301\u0301', { ok: false, message: 'Nadimak mora sadržavati barem jedno slovo, broj ili simbol.' }],
    [
      [...'Zalgo']
        .map((c) => `${c}\u0336\u0337\u0338\u0334`)
        .join('')
        .slice(0, 24),
      { ok: false, message: 'Nadimak ima previše dijakritičkih znakova na jednom slovu.' },
    ],
    // Two marks on a letter are real names: decomposed Vietnamese, Thai.
    ['Nguye\u0302\u0303n', { ok: true, nickname: 'Nguyễn' }],
    ['สมชาย', { ok: true, nickname: 'สมชาย' }],
    // Emoji sequences hold joiners and selectors; whole, they are one visible symbol.
    [
      'Obitelj \u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}',
      { ok: true, nickname: 'Obitelj \u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}' },
    ],
    ['\u2764\ufe0f \u{1f44d}\u{1f3fd}', { ok: true, nickname: '\u2764\ufe0f \u{1f44d}\u{1f3fd}' }],
    ['Ana\u200d', { ok: false, message: 'Nadimak ne smije sadržavati nevidljive ni kontrolne znakove.' }],
  ])('%p', (raw, result) => {
    expect(checkNickname(raw)).toEqual(result as ReturnType<typeof checkNickname>);
  });

  test.each([
    ['Ana', 'ANA'],
    ['Ana', '\u0410na'], // Cyrillic А
    ['Ana', '\u0391\u039d\u0391'], // Greek ΑΝΑ
    ['Ana', '\uff21\uff4e\uff41'], // fullwidth
    ['Filip', '\ufb01lip'], // the ligature ﬁ
    ['Popović', 'ророvić'], // Cyrillic р, о
    ['Strauß', 'STRAUSS'],
    ['Ëmil', '\u0401mil'], // Cyrillic Ё
  ])('%p and %p are one player to the room', (first, second) => {
    const roster = new Roster(10, () => `token-${Math.random()}`);
    expect(roster.join(first, 3).ok).toBe(true);
    expect(roster.join(second, 3)).toMatchObject({ ok: false, code: 'nickname_taken' });
  });

  test.each([
    ['Ana', 'Ána'],
    ['Šime', 'Sime'],
    ['Ivan', 'lvan'],
  ])('%p and %p are two players', (first, second) => {
    const roster = new Roster(10, () => `token-${Math.random()}`);
    expect([roster.join(first, 3).ok, roster.join(second, 3).ok]).toEqual([true, true]);
  });
});

describe('points', () => {
  test.each([
    [true, 0, 1000],
    [true, 5_000, 875],
    [true, 10_000, 750],
    [true, 19_999, 500],
    [true, 20_000, 500],
    [true, 1_234, 969],
    [false, 0, 0],
  ])('right=%p after %p ms of 20 s scores %p', (right, elapsed, points) => {
    expect(pointsFor(right, elapsed, 20_000)).toBe(points);
  });

  test('equal points share a place; the next place skips', () => {
    const { sorted, ranks } = rankStandings([
      { points: 500, order: 1 },
      { points: 900, order: 2 },
      { points: 900, order: 3 },
      { points: 0, order: 4 },
    ]);
    expect(sorted.map((s) => s.order)).toEqual([2, 3, 1, 4]);
    expect(ranks).toEqual([1, 1, 3, 4]);
  });
});

describe('the roster', () => {
  test("the host's lobby list carries the newest 200 names, oldest first; fewer when fewer joined", () => {
    let n = 0;
    const roster = new Roster(1_000, () => `token-${n++}`);
    for (let i = 1; i <= 3; i++) roster.join(`Igrač ${i}`, 10);
    expect(roster.lobbyNames().map((p) => p.nickname)).toEqual(['Igrač 1', 'Igrač 2', 'Igrač 3']);
    for (let i = 4; i <= 250; i++) roster.join(`Igrač ${i}`, 10);
    const names = roster.lobbyNames();
    expect(names).toHaveLength(200);
    expect(names[0]).toEqual({ id: 51, nickname: 'Igrač 51' });
    expect(names.at(-1)).toEqual({ id: 250, nickname: 'Igrač 250' });
  });
});
