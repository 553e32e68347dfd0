/**
 * The dashboard's date range and the views of a range (docs/decisions/020), in a browser on the compiled
 * binary: the range, tab and sort kept in the address; every new view's numbers against the API
 * and against an independent count of the plays the fixture recorded; the CSV exports parsed back
 * against the tables; layout and axe at six widths with every view open.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type AdminDaily,
  type AdminDevices,
  type AdminSummary,
  EXPORT_COLUMNS,
  type ExportTable,
  exportHeader,
} from '../../src/shared/contracts/admin-range';
import type { LyricStat, SongStat } from '../../src/shared/contracts/stats';
import type { ScoreDistribution } from '../../src/shared/contracts/time-series';
import { seededRandom } from '../../src/shared/seeded-random';
import type { PlayToRecord } from '../../src/storage/contract';
import { loadCatalogueIndex } from '../../src/storage/sqlite/catalogue-load';
import { closeDb, createSqliteDb } from '../../src/storage/sqlite/client';
import { createSqlitePlayStore } from '../../src/storage/sqlite/play-store';
import { buildBinary, type RunningBinary, startBinary } from '../support/binary';
import { launchBrowser, seriousViolations, watchConsole } from '../support/browser';
import { SUMMARY_ROWS } from '../support/export-rows';
import { makeCatalogue } from '../support/fixtures';
import { layoutProblems } from '../support/layout';
import { recordPlays } from '../support/play';
import { randomPlay } from '../support/random-play';

setDefaultTimeout(240_000);

const PASSWORD = 'test-password-123';
const CREDENTIALS = btoa(`admin:${PASSWORD}`);
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today in UTC, the server's STATS_TIMEZONE here. */
const todayMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const dayBefore = (n: number) => isoDay(todayMs - n * DAY_MS);
/** The fixture range: the two weeks before today (no live play falls in it). */
const FROM = dayBefore(14);
const TO = dayBefore(1);
const RANGE = `from=${FROM}&to=${TO}`;

let server: RunningBinary;
let browser: Browser;
/** The plays written before the server started: 24 days back from yesterday. */
let seeded: PlayToRecord[] = [];

/**
 * A catalogue imported by the binary, then 420 plays written straight into its database over the
 * 24 days before today (as the play recorder writes them), then the server started on it.
 */
async function startWithHistory(): Promise<RunningBinary> {
  const dir = mkdtempSync(join(tmpdir(), 'kviz-range-'));
  writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(makeCatalogue(3, 4, 10)));
  const imported = Bun.spawnSync([await buildBinary(), 'import', 'catalogue.json'], {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin' },
  });
  if (imported.exitCode !== 0) throw new Error(imported.stdout.toString() + imported.stderr.toString());
  const db = createSqliteDb(join(dir, 'data/kviz.db'));
  const catalogue = loadCatalogueIndex(db);
  const store = createSqlitePlayStore(db, 'seed-salt');
  const random = seededRandom(2026);
  seeded = Array.from({ length: 420 }, (_, i) =>
    randomPlay(catalogue, random, `seed-${i}`, { players: 40, days: 24, firstDayMs: todayMs - 24 * DAY_MS }),
  );
  await store.recordPlays(seeded);
  closeDb(db);
  return startBinary({ dir, removeDir: true, env: { ADMIN_PASSWORD: PASSWORD, STATS_TIMEZONE: 'UTC' } });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startWithHistory(), launchBrowser()]);
  // A few plays today, through the API (quizzes issued and recorded today).
  await recordPlays(server.url, 4);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const adminApi = async <T>(path: string) => {
  const res = await fetch(`${server.url}/api/admin/${path}`, {
    headers: { authorization: `Basic ${CREDENTIALS}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function adminContext(
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    isMobile: width < 500,
    hasTouch: width < 500,
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  await context.addInitScript(
    (credentials) => sessionStorage.setItem('kviz.adminCredentials', credentials),
    CREDENTIALS,
  );
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}

async function openDashboard(page: Page, search = '') {
  await page.goto(`/admin/dashboard${search}`);
  await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
}

/** '1.234' → 1234; '58,3%' → 58.3 (Croatian number formats back to numbers). */
const number = (text: string | null) =>
  Number(
    (text ?? '')
      .replace(/\./g, '')
      .replace(',', '.')
      .replace(/[^\d.-]/g, ''),
  );

/** A table's body rows, as the texts of their cells (th and td). */
const rowsOf = (page: Page, selector: string) =>
  page
    .locator(`${selector} tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));

/** 'd. m. yyyy.' as the dashboard writes a day. */
const hrDay = (day: string) => `${Number(day.slice(8, 10))}. ${Number(day.slice(5, 7))}. ${day.slice(0, 4)}.`;

/** RFC 4180 with `;`: quoted fields may hold `;`, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Clicks a 'Preuzmi CSV' button and returns the file's name and text. */
async function downloadCsv(page: Page, table: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-csv="${table}"] button`).click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

describe('the range, tab and sort in the address', () => {
  test('a shared link restores them; a preset and a custom range are written back', async () => {
    const { context, page, problems } = await adminContext();
    await openDashboard(page, '?tab=pjesme&range=7d&sort-pjesme=occurrences.desc');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Statistika pjesama');
    expect(await page.locator('[data-preset="7d"]').getAttribute('aria-pressed')).toBe('true');
    const songs = page.locator('[data-sortable-table="Statistika pjesama"]');
    expect(await songs.locator('th[aria-sort="descending"]').textContent()).toContain('Pojavljivanja');
    expect(await page.locator('[data-range-shown]').textContent()).toContain(
      `Prikazano: ${hrDay(dayBefore(6))} – ${hrDay(dayBefore(0))} (7 dana)`,
    );

    // Another preset: written to the address; the sort and the tab stay.
    await page.locator('[data-preset="30d"]').click();
    await page.waitForURL((url) => url.searchParams.get('range') === '30d');
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=pjesme&range=30d&sort-pjesme=occurrences.desc');

    // A custom range through the form.
    await page.locator('[data-range-from]').fill(FROM);
    await page.locator('[data-range-to]').fill(TO);
    await page.locator('[data-range-apply]').click();
    await page.waitForURL((url) => url.searchParams.get('from') === FROM);
    expect(new URL(page.url()).search).toBe(`?tab=pjesme&${RANGE}&sort-pjesme=occurrences.desc`);
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();

    // A reload restores all of it, the custom days in the form included.
    await page.reload();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Statistika pjesama');
    expect(await page.locator('[data-range-from]').inputValue()).toBe(FROM);
    expect(await page.locator('[data-range-to]').inputValue()).toBe(TO);
    expect(await songs.locator('th[aria-sort="descending"]').textContent()).toContain('Pojavljivanja');
    // The table is of the range: its totals are the API's for the range.
    const api = await adminApi<{ occurrences: number }[]>(`stats/songs?${RANGE}`);
    expect(number(await songs.locator('[data-totals] td').first().textContent())).toBe(
      api.reduce((sum, s) => sum + s.occurrences, 0),
    );

    // 'to' before 'from' is refused in the form, the view unchanged.
    await page.locator('[data-range-from]').fill(TO);
    await page.locator('[data-range-to]').fill(FROM);
    await page.locator('[data-range-apply]').click();
    await page.getByText('Datum „do“ ne može biti prije datuma „od“.').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(FROM);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the views of a range equal the API and the recorded plays', () => {
  const inRange = () => seeded.filter((p) => p.day >= FROM && p.day <= TO);
  /** Distinct players of the fixture's plays in [from, to], by session id: each once. */
  const distinctPlayers = (from: string, to: string) =>
    new Set(seeded.filter((p) => p.day >= from && p.day <= to).map((p) => p.sessionId)).size;
  /** Wrong picks of the fixture's plays in the range, keyed by `key` of the answer. */
  const wrongPicks = (key: (a: PlayToRecord['answers'][number]) => string | null) => {
    const picks = new Map<string, number>();
    for (const play of inRange())
      for (const a of play.answers) {
        const k = a.isCorrect ? null : key(a);
        if (k !== null) picks.set(k, (picks.get(k) ?? 0) + 1);
      }
    return picks;
  };

  test('cards and their change against the previous period', async () => {
    const { context, page } = await adminContext();
    // Ten days whose previous ten lie wholly after the first seeded day (24 days back): comparable.
    const [from, to] = [dayBefore(10), dayBefore(1)];
    await openDashboard(page, `?from=${from}&to=${to}`);
    const summary = await adminApi<AdminSummary>(`stats/summary?from=${from}&to=${to}`);
    expect(summary.comparable).toBe(true);
    expect(summary.current.plays).toBe(seeded.filter((p) => p.day >= from && p.day <= to).length);
    const card = (stat: string) => page.locator(`[data-stat="${stat}"]`);
    expect(number(await card('totalAttempts').evaluate((el) => el.firstChild?.textContent ?? ''))).toBe(
      summary.current.plays,
    );
    // The ten days before: a real change, in the right direction.
    const previous = seeded.filter((p) => p.day < from && p.day >= dayBefore(20)).length;
    expect(summary.previous.plays).toBe(previous);
    const change = ((summary.current.plays - previous) / previous) * 100;
    const shown = await card('totalAttempts').locator('[data-change]').textContent();
    const sign = change > 0 ? '+' : '−';
    expect(shown).toContain(
      `${sign}${Math.abs(Math.round(change * 10) / 10).toLocaleString('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
    );
    expect(await card('totalAttempts').locator('[data-change]').getAttribute('data-change')).toBe(
      change > 0 ? 'up' : 'down',
    );
    // Players: the distinct players of the two weeks, each once (not a sum of each day's players),
    // and the change against the distinct players of the two weeks before.
    const players = distinctPlayers(from, to);
    expect(summary.current.players).toBe(players);
    expect(summary.current.playerDays).toBeGreaterThan(players);
    expect(number(await card('uniquePlayers').evaluate((el) => el.firstChild?.textContent ?? ''))).toBe(
      players,
    );
    expect(await card('uniquePlayers').textContent()).toContain('svaki igrač jednom');
    const previousPlayers = distinctPlayers(dayBefore(20), dayBefore(11));
    expect(summary.previous.players).toBe(previousPlayers);
    const playersChange = Math.round(((players - previousPlayers) / previousPlayers) * 1000) / 10;
    expect(await card('uniquePlayers').locator('[data-change]').textContent()).toContain(
      `${Math.abs(playersChange).toLocaleString('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
    );

    // A range with nothing before it: neutral, said so, and the picker says why.
    await openDashboard(page, `?from=${dayBefore(30)}&to=${dayBefore(25)}`);
    expect(await card('totalAttempts').locator('[data-change]').getAttribute('data-change')).toBe('none');
    expect(await card('totalAttempts').locator('[data-change]').textContent()).toBe(
      'Nema usporedbe: tada se još nije bilježilo',
    );
    expect(await page.locator('[data-compared]').getAttribute('data-compared')).toBe('none');
    expect(await page.locator('[data-compared]').textContent()).toContain(
      'počinje prije prvog zabilježenog dana',
    );
    await context.close();
  });

  test('daily trend, hours, score distribution, bands, devices and completion', async () => {
    const { context, page, problems } = await adminContext();
    await openDashboard(page, `?tab=vrijeme&${RANGE}`);
    await page.locator('[data-chart="daily"][data-points="14"]').waitFor();

    const daily = await adminApi<AdminDaily>(`stats/daily?${RANGE}`);
    const shownDaily = await rowsOf(page, '[data-chart-table="daily"]');
    expect(shownDaily).toEqual(daily.points.map((p) => [hrDay(p.day), String(p.plays), String(p.players)]));
    // Independently: the plays the fixture wrote on each day.
    for (const p of daily.points) expect(p.plays).toBe(seeded.filter((s) => s.day === p.day).length);

    const hourly = await adminApi<{ hour: number; attempts: number }[]>(`stats/hourly?${RANGE}`);
    expect((await rowsOf(page, '[data-chart-table="hourly"]')).map((r) => number(r[1]!))).toEqual(
      hourly.map((h) => h.attempts),
    );
    for (const h of hourly) expect(h.attempts).toBe(inRange().filter((p) => p.hour === h.hour).length);
    // The cumulative chart says what its line is.
    expect(await page.locator('[data-chart="cumulative"] .u-legend .u-label').allTextContents()).toEqual([
      'Sat',
      'Ukupno igranja',
    ]);
    expect(await page.locator('[data-hourly-empty]').count()).toBe(0);

    await page.getByRole('tab', { name: 'Pregled' }).click();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const scores = await adminApi<ScoreDistribution>(`stats/scores?${RANGE}`);
    // A range with no plays says so above its charts' flat lines.
    const other = await adminContext();
    await openDashboard(other.page, '?tab=vrijeme&from=2020-01-01&to=2020-01-07');
    expect(await other.page.locator('[data-hourly-empty]').textContent()).toBe(
      'Nema igara u odabranom razdoblju.',
    );
    await other.context.close();
    expect((await rowsOf(page, '[data-chart-table="scores"]')).map((r) => number(r[1]!))).toEqual(
      scores.histogram,
    );
    const histogram = Array.from({ length: 31 }, (_, s) => inRange().filter((p) => p.score === s).length);
    expect(scores.histogram).toEqual(histogram);
    // The bars are the histogram too.
    expect(
      await page
        .locator('[data-histogram] [data-plays]')
        .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-plays')))),
    ).toEqual(histogram);
    expect(await rowsOf(page, '[data-view-table="bands"]')).toEqual(
      scores.bands.map((b) => [
        b.label,
        `${b.min}–${b.max}`,
        String(b.plays),
        `${b.share.toLocaleString('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
      ]),
    );

    const devices = await adminApi<AdminDevices>(`stats/devices?${RANGE}`);
    const deviceRows = await rowsOf(page, '[data-view-table="device"]');
    expect(deviceRows.map((r) => number(r[1]!))).toEqual(
      (['phone', 'tablet', 'desktop', 'other'] as const).map((d) => devices.byDevice[d] ?? 0),
    );
    for (const d of ['phone', 'tablet', 'desktop', 'other'] as const)
      expect(devices.byDevice[d]).toBe(inRange().filter((p) => p.deviceClass === d).length);
    const browserRows = await rowsOf(page, '[data-view-table="browser"]');
    expect(browserRows.reduce((sum, r) => sum + number(r[1]!), 0)).toBe(devices.plays);
    expect(number(await page.locator('[data-figure="newPlayers"]').textContent())).toBe(devices.newPlayers);
    // Distinct players of the range, the new ones, and those who had played before it: each once.
    const players = distinctPlayers(FROM, TO);
    expect(number(await page.locator('[data-figure="players"]').textContent())).toBe(players);
    // A player is new on the day of their first recorded play (the fixture recorded its plays in
    // array order, not in day order); returning = the range's players whose first play is not in it.
    const firstDay = new Map<string, string>();
    for (const p of seeded) if (!firstDay.has(p.sessionId)) firstDay.set(p.sessionId, p.day);
    const returningBefore = [...new Set(inRange().map((p) => p.sessionId))].filter(
      (id) => firstDay.get(id)! < FROM || firstDay.get(id)! > TO,
    );
    expect(devices.returningPlayers).toBe(returningBefore.length);
    expect(devices.newPlayers).toBe(players - returningBefore.length);
    expect(number(await page.locator('[data-figure="returningPlayers"]').textContent())).toBe(
      returningBefore.length,
    );
    // No quiz was fetched in the range (the fixture wrote plays directly): no completion rate.
    expect(devices.quizzesIssued).toBe(0);
    expect(devices.completionRate).toBeNull();
    expect(await page.locator('[data-figure="completionRate"]').textContent()).toBe('—');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("today's completion rate: quizzes issued against plays recorded", async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, '?range=danas');
    const devices = await adminApi<AdminDevices>(`stats/devices?from=${dayBefore(0)}&to=${dayBefore(0)}`);
    expect(devices.plays).toBe(4);
    expect(devices.quizzesIssued).toBeGreaterThanOrEqual(4);
    const rate = Math.round((devices.plays / devices.quizzesIssued) * 1000) / 10;
    expect(devices.completionRate).toBe(rate);
    expect(await page.locator('[data-figure="completionRate"]').textContent()).toBe(
      `${rate.toLocaleString('hr-HR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`,
    );
    await context.close();
  });

  test("'Najčešće zamjene' of the range: the overall top list and a line's and a song's detail", async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, `?tab=top&${RANGE}`);
    const songs = await adminApi<SongStat[]>('stats/songs');
    const title = new Map(songs.map((s) => [s.songId, s.title]));
    // Independently: the fixture's wrong picks of the two weeks, most first, ties by the song ids.
    const pairs = [...wrongPicks((a) => `${a.songId}:${a.selectedSongId}`)]
      .map(([key, times]) => {
        const [songId, selectedSongId] = key.split(':').map(Number) as [number, number];
        return { songId, selectedSongId, times };
      })
      .sort((a, b) => b.times - a.times || a.songId - b.songId || a.selectedSongId - b.selectedSongId);
    const overall = await adminApi<{
      period: string;
      confusions: { songId: number; selectedSongId: number; times: number }[];
    }>(`stats/confusions?${RANGE}&limit=10`);
    expect(overall.period).toBe('range');
    expect(
      overall.confusions.map(({ songId, selectedSongId, times }) => ({ songId, selectedSongId, times })),
    ).toEqual(pairs.slice(0, 10));
    // All time counts more: the range really narrows the list.
    const allTime = await adminApi<{ confusions: { times: number }[] }>('stats/confusions?limit=1');
    expect(allTime.confusions[0]!.times).toBeGreaterThan(pairs[0]!.times);
    expect(await rowsOf(page, '[data-view-table="confusions"]')).toEqual(
      pairs
        .slice(0, 10)
        .map((c) => [
          title.get(c.songId),
          title.get(c.selectedSongId),
          expect.stringMatching(new RegExp(`^${c.times} puta?$`)),
        ]),
    );
    expect(await page.locator('[data-view="confusions"]').textContent()).toContain('u odabranom razdoblju');

    await page.getByRole('tab', { name: 'Statistika stihova' }).click();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const table = page.locator('[data-sortable-table="Statistika stihova"]');
    await table.locator('[data-sort="occurrences"]').click();
    await table.locator('[data-sort="occurrences"]').click();
    const lyrics = await adminApi<LyricStat[]>(`stats/lyrics?${RANGE}`);
    const first = [...lyrics].sort((a, b) => b.occurrences - a.occurrences)[0]!;
    const row = table.locator('tbody tr', { hasText: first.text }).first();
    const toggle = row.locator('[data-detail-toggle]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await detail.locator('[data-confusions]').waitFor();
    const linePicks = [...wrongPicks((a) => (a.lyricId === first.lyricId ? String(a.selectedSongId) : null))]
      .map(([id, times]) => ({ id: Number(id), times }))
      .sort((a, b) => b.times - a.times || a.id - b.id)
      .slice(0, 5);
    expect(linePicks.length).toBeGreaterThan(0);
    const items = await detail.locator('li').allTextContents();
    expect(items).toEqual(
      linePicks.map((c) => expect.stringContaining(`${title.get(c.id)} — ${c.times} put`)),
    );

    // A song's detail: its lines' wrong picks of the range summed.
    await page.getByRole('tab', { name: 'Statistika pjesama' }).click();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const songTable = page.locator('[data-sortable-table="Statistika pjesama"]');
    const song = songs[0]!;
    const songToggle = songTable
      .locator('tbody tr', { hasText: song.title })
      .first()
      .locator('[data-detail-toggle]');
    await songToggle.click();
    const songDetail = page.locator(`#${await songToggle.getAttribute('aria-controls')}`);
    await songDetail.locator('[data-confusions]').waitFor();
    const songPicks = [...wrongPicks((a) => (a.songId === song.songId ? String(a.selectedSongId) : null))]
      .map(([id, times]) => ({ id: Number(id), times }))
      .sort((a, b) => b.times - a.times || a.id - b.id)
      .slice(0, 5);
    expect(songPicks.length).toBeGreaterThan(0);
    expect(await songDetail.locator('li').allTextContents()).toEqual(
      songPicks.map((c) => expect.stringContaining(`${title.get(c.id)} — ${c.times} put`)),
    );
    await context.close();
  });
});

describe("'Preuzmi CSV'", () => {
  test('the lyric and daily exports of the range parse back to the tables’ numbers', async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, `?tab=stihovi&size=250&${RANGE}`);
    const { name, text } = await downloadCsv(page, 'lyrics');
    expect(name).toBe(`kviz-lyrics-${FROM}_${TO}.csv`);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    // Croatian headers, the JSON fields in order, then the percentage.
    expect(header).toEqual(EXPORT_COLUMNS.lyrics.map((column) => exportHeader('lyrics', column)));
    const at = (column: string) => header!.indexOf(exportHeader('lyrics', column));
    const fromCsv = new Map(
      rows.map((r) => [r[at('text')]!, [Number(r[at('occurrences')]), Number(r[at('correctAnswers')])]]),
    );
    const fromTable = await page
      .locator('[data-sortable-table="Statistika stihova"] tbody tr:not([hidden])')
      .evaluateAll((trs) =>
        trs
          .filter((tr) => tr.querySelectorAll('td').length >= 6)
          .map((tr) => {
            const td = [...tr.querySelectorAll('td')].map((c) => c.textContent ?? '');
            return [td[0]!, [Number(td[3]!.replace(/\./g, '')), Number(td[4]!.replace(/\./g, ''))]] as const;
          }),
      );
    expect(fromTable.length).toBe(120);
    expect(new Map(fromTable.map(([t, counts]) => [t, [...counts]]))).toEqual(fromCsv);

    // With a search, the export holds the rows the table lists, not every line.
    await page.getByRole('searchbox').fill('pjesma 1-1');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-sortable-table="Statistika stihova"] tbody tr').length === 10,
    );
    const searched = parseCsv((await downloadCsv(page, 'lyrics')).text.slice(1)).slice(1);
    expect(searched.map((r) => r[at('songTitle')])).toEqual(new Array(10).fill('Pjesma 1-1'));

    await page.getByRole('tab', { name: 'Vremenska statistika' }).click();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const daily = await downloadCsv(page, 'daily');
    const [dailyHeader, ...dailyRows] = parseCsv(daily.text.slice(1));
    expect(dailyHeader!.slice(0, 3)).toEqual(['Dan', 'Igranja', 'Različiti igrači toga dana']);
    const table = await rowsOf(page, '[data-chart-table="daily"]');
    expect(dailyRows.map((r) => [hrDay(r[0]!), r[1], r[2]])).toEqual(table.map((r) => r.slice(0, 3)));
    await context.close();
  });

  test('the summary, devices, bands and confusions exports parse back to the API’s numbers', async () => {
    const { context, page } = await adminContext();
    await openDashboard(page, `?${RANGE}`);
    const cell = (v: string) =>
      v === '' ? null : /^-?\d+(,\d+)?$/.test(v) ? Number(v.replace(',', '.')) : v;
    const csvOf = async (table: string) => {
      const { name, text } = await downloadCsv(page, table);
      expect(name).toBe(`kviz-${table}-${FROM}_${TO}.csv`);
      const [header, ...rows] = parseCsv(text.slice(1));
      const keys = EXPORT_COLUMNS[table as ExportTable];
      expect(header).toEqual(keys.map((key) => exportHeader(table as ExportTable, key)));
      return rows.map((r) => Object.fromEntries(keys.map((key, i) => [key, cell(r[i]!)])));
    };
    const summary = await adminApi<AdminSummary>(`stats/summary?${RANGE}`);
    const cards = await csvOf('summary');
    expect(cards.length).toBe(10);
    // The two weeks before the range start before the first seeded day: no previous figures.
    expect(summary.comparable).toBe(false);
    // Rows named as the dashboard names its figures, in the JSON's order.
    expect(cards.map((r) => r.figure)).toEqual(SUMMARY_ROWS.map(([, label]) => label));
    for (const [i, row] of cards.entries())
      expect([row.current, row.previous, row.change]).toEqual([
        summary.current[SUMMARY_ROWS[i]![0]],
        null,
        null,
      ]);
    // With no period to compare with, the button says it exports the figures only.
    expect(await page.locator('[data-csv="summary"] button').getAttribute('aria-label')).toBe(
      'Preuzmi CSV: sažetak',
    );

    const devices = await adminApi<AdminDevices>(`stats/devices?${RANGE}`);
    const deviceRows = await csvOf('devices');
    const flat = new Map(deviceRows.map((r) => [`${r.group}.${r.key}`, r.value]));
    const deviceNames = { phone: 'Mobitel', tablet: 'Tablet', desktop: 'Računalo', other: 'Ostalo' };
    for (const [key, value] of Object.entries(devices.byDevice))
      expect(flat.get(`Uređaj.${deviceNames[key as keyof typeof deviceNames]}`)).toBe(value);
    expect(flat.get('Preglednik.Chrome')).toBe(devices.byBrowser.chrome);
    expect(flat.get('Igrači.Različiti igrači')).toBe(devices.players);
    expect(flat.get('Igrači.Povratnici')).toBe(devices.returningPlayers);
    expect(flat.get('Kvizovi.Dovršenost kvizova (%)')).toBe(devices.completionRate);

    const scores = await adminApi<ScoreDistribution>(`stats/scores?${RANGE}`);
    expect(await csvOf('bands')).toEqual(scores.bands);

    await page.getByRole('tab', { name: 'Top liste' }).click();
    await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
    const confusions = await adminApi<{ confusions: Record<string, unknown>[] }>(
      `stats/confusions?${RANGE}&limit=100`,
    );
    expect(await csvOf('confusions')).toEqual(confusions.confusions as never);
    await context.close();
  });
});

describe('layout and axe with a range, every view open', () => {
  const WIDTHS = [
    [320, 'light'],
    [375, 'dark'],
    [768, 'light'],
    [1024, 'dark'],
    [1280, 'light'],
    [1920, 'dark'],
  ] as const;
  const TABS = [
    'Pregled',
    'Statistika stihova',
    'Statistika pjesama',
    'Statistika albuma',
    'Top liste',
    'Vremenska statistika',
  ];

  test.each(WIDTHS)('%p px (%s)', async (width, colorScheme) => {
    const { context, page, problems } = await adminContext({ width, colorScheme });
    await openDashboard(page, `?${RANGE}`);
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator('[role="tab"][aria-selected="true"]', { hasText: tab }).waitFor();
      await page.locator('[data-updated]', { hasText: 'Zadnje ažurirano' }).waitFor();
      if (tab === 'Vremenska statistika')
        await page.locator('[data-chart="cumulative"][data-points="24"]').waitFor();
      if (tab === 'Statistika stihova' || tab === 'Statistika pjesama') {
        await page.locator('[data-detail-toggle]').first().click();
        await page.locator('[data-confusions]').first().waitFor();
      }
      for (const summary of await page.locator('summary').all()) await summary.click();
      expect(await layoutProblems(page), `${width} px, ${tab}`).toEqual([]);
      expect(await seriousViolations(page), `${width} px, ${tab}`).toEqual([]);
    }
    // Every tab in view from 1024 px.
    if (width >= 1024)
      expect(
        await page
          .locator('[role="tablist"]')
          .evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth),
      ).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
