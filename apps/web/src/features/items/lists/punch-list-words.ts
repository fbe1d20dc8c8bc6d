// The punch list PDF's own words from the app's texts (`lists.pdf.*`, the footer's and the
// photo notes' shared with the walk PDF, `walkForm.pdf.*`).

import type { TFunction } from 'i18next';
import type { PunchListPdfWords } from '../../../lib/pdf/punch-list-pdf';

/** The values the PDF fills in itself go to i18next as the PDF's own `{name}` marks. */
export function punchListWords(t: TFunction): PunchListPdfWords {
  const word = (key: string, marks: Record<string, string> = {}): string =>
    t(`lists.pdf.${key}`, marks);
  const walkWord = (key: string, marks: Record<string, string> = {}): string =>
    t(`walkForm.pdf.${key}`, marks);
  const value = { value: '{value}' };
  return {
    summary: word('summary', { n: '{n}', overdue: '{overdue}' }),
    noItems: word('noItems'),
    noLocation: word('noLocation'),
    walk: word('walkOf', value),
    category: word('categoryOf', value),
    trade: word('tradeOf', value),
    priority: word('priorityOf', value),
    status: word('statusOf', value),
    due: word('dueOn', { date: '{date}' }),
    overdue: word('overdue'),
    photoUnreadable: walkWord('photoUnreadable'),
    fileLeftOut: walkWord('fileLeftOut'),
    filesLeftOut: walkWord('filesLeftOut', { n: '{n}' }),
    appVersion: walkWord('appVersion', { version: '{version}' }),
    generated: walkWord('generated', { when: '{when}' }),
    page: walkWord('page', { page: '{page}', pages: '{pages}' }),
  };
}
