import { CSV_DIALECT } from '../shared/contracts/admin-range';

/** A field is quoted when it holds the separator, a quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[;"\r\n]/;

const field = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * CSV as Croatian spreadsheet programs open it (docs/decisions/019): UTF-8 with a BOM (so
 * č ć đ š ž are read as UTF-8), `;` between fields, CRLF after every record, fields quoted
 * per RFC 4180 when they hold `;`, `"` or a line break. Integers are plain digits; a fraction
 * has a decimal comma (58,07), as a Croatian locale reads it; null is empty. Written here
 * rather than with csv-stringify, whose sync API allocated ~270 KB of heap for the songs
 * export of the demo catalogue (79 rows), ~30 KB this way (issue 37).
 */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  /** The header of each column (default: its key). */
  header: (column: string) => string = (column) => column,
): string {
  const { separator, lineEnd } = CSV_DIALECT;
  let text = CSV_DIALECT.bom ? '\uFEFF' : '';
  text += columns.map((column) => field(header(column))).join(separator) + lineEnd;
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < columns.length; i++) line += (i ? separator : '') + field(cell(row[columns[i]!]));
    text += line + lineEnd;
  }
  return text;
}

/**
 * The first characters with which a spreadsheet reads a cell as a formula (OWASP, "CSV
 * Injection"): `=`, `+`, `-`, `@`, tab and carriage return. Quoting does not stop it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text from the catalogue or a client (a song title, a lyric line, a device name) as a cell a
 * spreadsheet shows and never evaluates: a cell that would start a formula gets a leading `'`,
 * as OWASP recommends (the spreadsheet shows the text, not the apostrophe). Numbers are ours
 * and stay numbers (-2,5 is a value, not a formula).
 */
function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value as the text of its cell. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? String(value) : String(value).replace('.', CSV_DIALECT.decimalSeparator);
  }
  return neutralised(String(value));
}
