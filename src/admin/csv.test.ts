import { describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { cell, toCsv } from './csv';

describe('CSV for Croatian spreadsheets', () => {
  test('BOM, `;`, CRLF, a header row; RFC 4180 quoting of ; " and line breaks; č ć đ š ž kept', () => {
    const rows = [
      { id: 1, text: 'Čuvar; đak', n: 2 },
      { id: 2, text: 'rekao je "ne"', n: 0 },
      { id: 3, text: 'dva\nreda', n: 7 },
      { id: 4, text: 'cr\rsam', n: 1 },
      { id: 5, text: 'šž ć', n: null },
    ];
    const text = toCsv(['id', 'text', 'n'], rows);
    expect(text.startsWith('\uFEFFid;text;n\r\n')).toBe(true);
    expect(text).toContain('1;"Čuvar; đak";2\r\n');
    expect(text).toContain('2;"rekao je ""ne""";0\r\n');
    expect(text).toContain('3;"dva\nreda";7\r\n');
    expect(text).toContain('4;"cr\rsam";1\r\n');
    expect(text.endsWith('5;šž ć;\r\n')).toBe(true);
    const back = parse(text, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' });
    expect(back).toEqual(
      rows.map((r) => ({ id: String(r.id), text: r.text, n: r.n === null ? '' : String(r.n) })),
    );
  });

  test('integers as digits, fractions with a decimal comma, null empty', () => {
    expect(cell(1532)).toBe('1532');
    expect(cell(0)).toBe('0');
    expect(cell(58.07)).toBe('58,07');
    expect(cell(-2.5)).toBe('-2,5');
    expect(cell(null)).toBe('');
    expect(cell(Number.NaN)).toBe('');
  });

  test('text that a spreadsheet would read as a formula gets a leading apostrophe (OWASP); numbers stay numbers', () => {
    const hostile = [
      '=1+1',
      '=WEBSERVICE("http://evil.example")',
      "-2+3+cmd|' /C calc'!A0",
      '+1',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
    ];
    for (const text of hostile) expect(cell(text)).toBe(`'${text}`);
    for (const text of ['Čuvar', ' =1', '1=1', 'a-b', "'=1"]) expect(cell(text)).toBe(text);
    expect(cell(-3)).toBe('-3');
    const csv = toCsv(
      ['title'],
      hostile.map((title) => ({ title })),
    );
    const back: { title: string }[] = parse(csv, {
      bom: true,
      delimiter: ';',
      columns: true,
      record_delimiter: '\r\n',
    });
    expect(back.map((r) => r.title)).toEqual(hostile.map((t) => `'${t}`));
    expect(back.some((r) => /^[=+\-@\t\r]/.test(r.title))).toBe(false);
  });
});
