// A CSV file a spreadsheet opens as the user expects (docs/decisions.md, Lists to send):
// RFC 4180 quoting and CRLF line ends, a header row, a UTF-8 byte order mark so Excel
// reads accents right, and no cell a spreadsheet would run as a formula.

/** Cells a spreadsheet reads as a formula start with one of these (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a formula-looking text made plain by a leading `'`, then quoted if it must be. */
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows (the header first) as CSV text, each line ended by CRLF. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}

/** The CSV as a file's contents: UTF-8 with a byte order mark, typed text/csv. */
export function csvBlob(rows: readonly (readonly (string | number | null | undefined)[])[]): Blob {
  return new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
}
