// The walk PDF's own words (headings, labels, results, footer) from the app's texts.

import type { TFunction } from 'i18next';
import type { WalkPdfWords } from '../../../lib/pdf/walk-pdf';

/**
 * The PDF's words from the texts (`walkForm.pdf.*`). The values the PDF itself fills in
 * (counts, dates, page numbers) are handed to i18next as the PDF's own `{name}` marks.
 */
export function walkPdfWords(t: TFunction): WalkPdfWords {
  const word = (key: string, marks: Record<string, string> = {}): string =>
    t(`walkForm.pdf.${key}`, marks);
  return {
    address: word('address'),
    homeId: word('homeId'),
    homeRid: word('homeRid'),
    walkId: word('walkId'),
    staff: word('staff'),
    checklist: word('checklist'),
    noChecklist: word('noChecklist'),
    result: {
      pass: t('walkForm.result.pass'),
      fail: t('walkForm.result.fail'),
      na: t('walkForm.result.na'),
      notAnswered: word('notAnswered'),
    },
    note: word('note', { note: '{note}' }),
    punchItems: word('punchItems', { n: '{n}' }),
    noPunchItems: word('noPunchItems'),
    category: word('category', { value: '{value}' }),
    location: word('location', { value: '{value}' }),
    status: word('status', { value: '{value}' }),
    photoUnreadable: word('photoUnreadable'),
    fileLeftOut: word('fileLeftOut'),
    filesLeftOut: word('filesLeftOut', { n: '{n}' }),
    notes: word('notes'),
    noNotes: word('noNotes'),
    signatures: word('signatures'),
    signatureUnreadable: word('signatureUnreadable'),
    signed: word('signed', { when: '{when}' }),
    appVersion: word('appVersion', { version: '{version}' }),
    generated: word('generated', { when: '{when}' }),
    page: word('page', { page: '{page}', pages: '{pages}' }),
  };
}
