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
});
