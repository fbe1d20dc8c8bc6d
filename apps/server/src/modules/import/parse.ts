// A spreadsheet's text read into headed rows (csv-parse; docs/decisions.md, "Import"): the
// first line names the columns, every later line is one row. Whatever a file holds, the
// answer is rows or a 400 that says what is wrong with it.

import { CsvError, parse } from 'csv-parse/sync';
import type { SourceRow } from '@field/domain';
import { IMPORT_MAX_ROWS } from '@field/domain';
import { badRequest } from '../../http/errors.js';

export interface ImportTable {
  columns: string[];
  rows: SourceRow[];
}

/** Comma, semicolon (spreadsheets in many locales) or tab: whichever the heading holds most. */
function delimiterOf(heading: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, heading.split(d).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0] ?? ',';
}

export function parseImportFile(text: string): ImportTable {
  // Control characters (but tab and line breaks) never occur in text: a workbook, an image.
  // eslint-disable-next-line no-control-regex -- the control characters are the point.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) {
    throw badRequest('The file is not a CSV text file: save the spreadsheet as CSV and try again');
  }
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw badRequest('The file is empty');
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: delimiterOf(body.slice(0, body.search(/\r?\n|$/))),
      skip_empty_lines: true,
      relax_column_count: true,
      to: IMPORT_MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError)
      throw badRequest(`The file is not a readable CSV: ${error.message}`);
    throw error;
  }
  const [heading, ...lines] = records;
  const columns = (heading ?? []).map((column) => column.trim());
  if (columns.some((column) => column === '')) {
    throw badRequest('Every column of the first line needs a heading');
  }
  const repeated = columns.find((column, i) => columns.indexOf(column) !== i);
  if (repeated !== undefined) throw badRequest(`The column "${repeated}" appears twice`);
  if (lines.length === 0) throw badRequest('The file has a heading but no rows');
  if (lines.length > IMPORT_MAX_ROWS) {
    throw badRequest(
      `The file has more than ${IMPORT_MAX_ROWS} rows: split it and import each part`,
    );
  }
  const rows = lines.map((cells) =>
    Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])),
  );
  return { columns, rows };
}
