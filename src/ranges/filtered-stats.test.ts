import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { createEngineTestApp, ENGINES, type EngineTestApp } from '../../test/support/engines';
import { answerQuiz, type FetchedQuiz, submit } from '../../test/support/play';
import { CLUSTER_START_MS } from '../../test/support/postgres';
import type { AdminConfusions, AdminDevices, AdminSummary } from '../shared/contracts/admin-range';
import type { AlbumStat, LyricStat, SongStat } from '../shared/contracts/stats';
import type { ScoreDistribution } from '../shared/contracts/time-series';
import { forEachAnswer } from '../storage/encoding/answer-codec';

/**
 * The dashboard's filters (issue 34; docs/decisions/039). Every filtered figure is recomputed here
 * from the database the app wrote: the plays table (its device, browser, mode and score columns)
 * and its packed answers decoded against answer_keys, on both engines.
 */
const auth = { authorization: `Basic ${btoa('admin:test-password-123')}` };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Day, player, difficulty, user agent, right answers (of 30 lines asked). */
const PLAYS: [string, number, 'easy' | 'normal' | 'hard', string, number][] = [
  ['2025-10-01', 1, 'normal', PHONE_SAFARI, 4],
  ['2025-10-01', 2, 'hard', DESKTOP_FIREFOX, 7],
  ['2025-10-02', 1, 'hard', PHONE_SAFARI, 9],
  ['2025-10-03', 3, 'easy', DESKTOP_CHROME, 2],
  ['2025-10-03', 2, 'normal', PHONE_SAFARI, 10],
  ['2025-10-04', 4, 'hard', PHONE_SAFARI, 5],
  ['2025-10-05', 3, 'normal', DESKTOP_FIREFOX, 6],
  ['2025-10-05', 5, 'easy', PHONE_SAFARI, 3],
  ['2025-10-06', 1, 'normal', DESKTOP_CHROME, 8],
];
const RANGE = 'from=2025-10-02&to=2025-10-06';

describe.each(ENGINES)('%s', (engine) => {
  let app: EngineTestApp;
  beforeAll(async () => {
    app = await createEngineTestApp(engine, {
      env: { RATE_LIMIT_SUBMIT_PER_MINUTE: '1000', RATE_LIMIT_QUIZ_PER_MINUTE: '1000' },
    });
    for (const [day, player, difficulty, agent, correct] of PLAYS) {
      app.clock.ms = Date.parse(`${day}T10:00:00Z`);
      const res = await app.request(`/api/quiz?count=30&difficulty=${difficulty}`);
      const quiz: FetchedQuiz = { token: res.headers.get('x-quiz-token')!, questions: await res.json() };
      const body = { ...answerQuiz(quiz, correct, uuid(player)), deviceInfo: agent };
      const sent = await submit(app, body);
      if (sent.status !== 200) throw new Error(await sent.text());
    }
    app.clock.ms = Date.parse('2025-10-06T16:00:00Z');
  }, CLUSTER_START_MS);
  afterAll(() => app.close(), 30_000);

  const json = async <T>(path: string) => {
    const res = await app.request(path, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  /** The plays of the range from the database, answers decoded, each with its album per answer. */
  const recorded = async () => {
    const keys = new Map(
      (await app.all('SELECT id, lyric_id, song_id, album_id FROM answer_keys')).map((k) => [
        Number(k.id),
        { lyricId: Number(k.lyric_id), songId: Number(k.song_id), albumId: Number(k.album_id) },
      ]),
    );
    const rows = await app.all(
      `SELECT p.player_id, p.day, p.mode, p.device_class, p.browser, p.score, p.answers, p.created_at = pl.first_seen AS first FROM plays p JOIN players pl ON pl.id = p.player_id WHERE p.day BETWEEN '2025-10-02' AND '2025-10-06'`,
    );
    return rows.map((row) => {
      const answers: { lyricId: number; songId: number; albumId: number; picked: number }[] = [];
      forEachAnswer(new Uint8Array(row.answers as Uint8Array), (keyId, wrong) => {
        const key = keys.get(keyId)!;
        answers.push({ ...key, picked: wrong ?? key.songId });
      });
      return {
        player: Number(row.player_id),
        device: Number(row.device_class),
        browser: Number(row.browser),
        mode: Number(row.mode),
        score: Number(row.score),
        first: row.first === true || Number(row.first) === 1,
        answers,
      };
    });
  };

  test('a device filter: the cards and the devices view are those of its plays (five figures from the database)', async () => {
    const phone = (await recorded()).filter((p) => p.device === 1); // codes.ts: phone = 1
    const summary = await json<AdminSummary>(`/api/admin/stats/summary?${RANGE}&device=phone`);
    expect(phone.length).toBeGreaterThan(0);
    expect(summary.current.plays).toBe(phone.length);
    expect(summary.current.players).toBe(new Set(phone.map((p) => p.player)).size);
    expect(summary.current.newPlayers).toBe(phone.filter((p) => p.first).length);
    expect(summary.current.answers).toBe(phone.reduce((s, p) => s + p.answers.length, 0));
    expect(summary.current.correct).toBe(phone.reduce((s, p) => s + p.score, 0));
    // Quizzes issued are not kept per device: no completion rate under a filter.
    expect(summary.current.completionRate).toBeNull();
    const devices = await json<AdminDevices>(`/api/admin/stats/devices?${RANGE}&device=phone`);
    expect(devices.byDevice).toEqual({ phone: phone.length, tablet: 0, desktop: 0, other: 0 });
    expect(devices.byBrowser.safari).toBe(phone.length);
  });

  test('a mode filter: the score histogram and the trend count the plays of that difficulty only', async () => {
    const hard = (await recorded()).filter((p) => p.mode === 2); // codes.ts: hard = 2
    const scores = await json<ScoreDistribution>(
      `/api/admin/stats/scores?${RANGE}&mode=hard&difficulty=hard`,
    );
    const histogram = new Array(31).fill(0);
    for (const p of hard) histogram[p.score]++;
    expect(scores.histogram).toEqual(histogram);
    const trend = await json<{ points: { plays: number }[] }>(`/api/admin/stats/daily?${RANGE}&mode=hard`);
    expect(trend.points.reduce((s, p) => s + p.plays, 0)).toBe(hard.length);
  });

  test('an album filter: plays shown its lines; answers, lines, albums and confusions of its lines only', async () => {
    const plays = await recorded();
    const album = plays[0]!.answers[0]!.albumId;
    const kept = plays
      .map((p) => ({ ...p, answers: p.answers.filter((a) => a.albumId === album) }))
      .filter((p) => p.answers.length > 0);
    const answers = kept.flatMap((p) => p.answers);
    const summary = await json<AdminSummary>(`/api/admin/stats/summary?${RANGE}&album=${album}`);
    expect(summary.current.plays).toBe(kept.length);
    expect(summary.current.answers).toBe(answers.length);
    expect(summary.current.correct).toBe(answers.filter((a) => a.picked === a.songId).length);
    const albums = await json<AlbumStat[]>(`/api/admin/stats/albums?${RANGE}&album=${album}`);
    expect(albums.map((a) => [a.albumId, a.occurrences])).toEqual([[album, answers.length]]);
    const lyrics = await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}&album=${album}`);
    // Every line of the album is listed (the catalogue's 40), the never-shown ones at 0.
    expect(lyrics).toHaveLength(40);
    for (const row of lyrics)
      expect(row.occurrences).toBe(answers.filter((a) => a.lyricId === row.lyricId).length);
    const confusions = await json<AdminConfusions>(
      `/api/admin/stats/confusions?${RANGE}&album=${album}&limit=100`,
    );
    const wrong = answers.filter((a) => a.picked !== a.songId);
    expect(confusions.confusions.reduce((s, c) => s + c.times, 0)).toBe(wrong.length);
    for (const c of confusions.confusions)
      expect(c.times).toBe(
        wrong.filter((a) => a.songId === c.songId && a.picked === c.selectedSongId).length,
      );
  });

  test('filters add up: the plays and line answers of each device class sum to the unfiltered ones', async () => {
    const all = await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}`);
    const unfiltered = await json<AdminSummary>(`/api/admin/stats/summary?${RANGE}`);
    let plays = 0;
    const occurrences = new Map<number, number>();
    for (const device of ['phone', 'tablet', 'desktop', 'other']) {
      plays += (await json<AdminSummary>(`/api/admin/stats/summary?${RANGE}&device=${device}`)).current.plays;
      for (const row of await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}&device=${device}`))
        occurrences.set(row.lyricId, (occurrences.get(row.lyricId) ?? 0) + row.occurrences);
    }
    expect(plays).toBe(unfiltered.current.plays);
    for (const row of all) expect(occurrences.get(row.lyricId)).toBe(row.occurrences);
  });

  test('filters combine, and without dates count every day', async () => {
    const everything = await json<AdminSummary>('/api/admin/stats/summary?device=desktop&browser=firefox');
    const rows = await app.all('SELECT count(*) AS n FROM plays WHERE device_class = 3 AND browser = 3');
    expect(everything.current.plays).toBe(Number(rows[0]!.n));
    expect(everything.current.plays).toBe(2);
  });

  test('exports honour the filters: the same rows as the filtered JSON', async () => {
    const res = await app.request(`/api/admin/export/albums.csv?${RANGE}&device=phone`, { headers: auth });
    expect(res.status).toBe(200);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const albums = await json<AlbumStat[]>(`/api/admin/stats/albums?${RANGE}&device=phone`);
    expect(rows.slice(1).map((r) => [Number(r[0]), Number(r[2])])).toEqual(
      albums.map((a) => [a.albumId, a.occurrences]),
    );
    const summary = await app.request(`/api/admin/export/summary.csv?${RANGE}&mode=easy`, { headers: auth });
    const plays = (
      parse((await summary.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][]
    )[1]!;
    const easy = (await recorded()).filter((p) => p.mode === 1).length;
    expect(Number(plays[1])).toBe(easy);
    // Without dates: every day of the filtered plays, every line of the catalogue.
    const lines = await app.request('/api/admin/export/lyrics.csv?device=desktop', { headers: auth });
    const lineRows = parse((await lines.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(lineRows).toHaveLength(121);
    const desktopAnswers = Number(
      (await app.all('SELECT count(*) * 30 AS n FROM plays WHERE device_class = 3'))[0]!.n,
    );
    expect(lineRows.slice(1).reduce((sum, row) => sum + Number(row[5]), 0)).toBe(desktopAnswers);
  });

  test('every line and song row names its song and album by id, as the catalogue has them: all time, a range, filtered, v1', async () => {
    const catalogue = await app.all(
      'SELECT l.id AS lyric_id, l.song_id, s.album_id FROM lyrics l JOIN songs s ON s.id = l.song_id',
    );
    const songOf = new Map(catalogue.map((r) => [Number(r.lyric_id), Number(r.song_id)]));
    const albumOf = new Map(catalogue.map((r) => [Number(r.song_id), Number(r.album_id)]));
    expect(new Set(albumOf.values()).size).toBeGreaterThan(1);
    const someSong = [...albumOf.keys()][1]!;
    const lines = [
      ...(await json<LyricStat[]>('/api/admin/stats/lyrics')),
      ...(await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}`)),
      ...(await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}&device=phone`)),
      ...(await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}&song=${someSong}`)),
      ...(await json<LyricStat[]>('/api/stats/lyrics')),
    ];
    expect(lines.length).toBe(4 * 120 + 10);
    for (const l of lines) {
      expect([l.lyricId, l.songId]).toEqual([l.lyricId, songOf.get(l.lyricId)!]);
      expect([l.lyricId, l.albumId]).toEqual([l.lyricId, albumOf.get(l.songId)!]);
    }
    // The song filter's rows are that song's lines: the id the dashboard filters by is the row's.
    const filtered = await json<LyricStat[]>(`/api/admin/stats/lyrics?${RANGE}&song=${someSong}`);
    expect(filtered.map((l) => l.songId)).toEqual(filtered.map(() => someSong));
    const songs = [
      ...(await json<SongStat[]>('/api/admin/stats/songs')),
      ...(await json<SongStat[]>(`/api/admin/stats/songs?${RANGE}&browser=safari`)),
    ];
    expect(songs.length).toBe(2 * albumOf.size);
    for (const s of songs) expect([s.songId, s.albumId]).toEqual([s.songId, albumOf.get(s.songId)!]);
    // API v1: the same ids, additive fields of its own rows.
    const v1Lines = await json<{ items: { lyricId: number; songId: number; albumId: number }[] }>(
      `/api/v1/admin/stats/lines?${RANGE}&limit=200`,
    );
    expect(v1Lines.items).toHaveLength(120);
    for (const l of v1Lines.items)
      expect([l.songId, l.albumId]).toEqual([songOf.get(l.lyricId)!, albumOf.get(songOf.get(l.lyricId)!)!]);
    const v1Songs = await json<{ items: { songId: number; albumId: number }[] }>(
      '/api/v1/stats/songs?limit=200',
    );
    expect(v1Songs.items).toHaveLength(albumOf.size);
    for (const s of v1Songs.items) expect(s.albumId).toBe(albumOf.get(s.songId)!);
  });

  test('a filter that is not one: 422 naming it', async () => {
    for (const [query, field] of [
      ['device=toaster', 'device'],
      ['album=0', 'album'],
      ['mode=daily_practice', 'mode'],
    ] as const) {
      const res = await app.request(`/api/admin/stats/summary?${query}`, { headers: auth });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
  });
});
