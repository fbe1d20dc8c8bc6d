// The CSV a spreadsheet opens: quoted per RFC 4180, CRLF lines, a header row, a byte order
// mark for Excel, and no cell a spreadsheet would run as a formula.

import { describe, expect, it } from 'vitest';
import { csvBlob, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes cells with commas, quotes and line breaks, and ends every line with CRLF', () => {
    const text = toCsv([
      ['Item', 'Location', 'Note'],
      ['Door, garage', 'Say "hi"', 'line one\nline two'],
      ['plain', '', 'carriage\rreturn'],
    ]);
    expect(text).toBe(
      'Item,Location,Note\r\n' +
        '"Door, garage","Say ""hi""","line one\nline two"\r\n' +
        'plain,,"carriage\rreturn"\r\n',
    );
  });

  it('makes cells that start like a formula plain text with a leading apostrophe', () => {
    const text = toCsv([
      ['=HYPERLINK("http://evil.example","x")', '+1', '-2+3', '@SUM(A1)', '\tTab', 'a=b', 'ok'],
    ]);
    expect(text).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'-2+3,'@SUM(A1),'\tTab,a=b,ok\r\n`,
    );
  });

  it('writes numbers as they are and empty values as empty cells', () => {
    expect(toCsv([[3, -4, null, undefined, 'Café ✓']])).toBe('3,-4,,,Café ✓\r\n');
  });
});

describe('csvBlob', () => {
  it('is UTF-8 text/csv opening with a byte order mark', async () => {
    const blob = csvBlob([
      ['Home', 'Item'],
      ['12 Rue Élysée', 'Fissure – mur'],
    ]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(
      'Home,Item\r\n12 Rue Élysée,Fissure – mur\r\n',
    );
  });
});
