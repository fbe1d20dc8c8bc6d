// What goes into a closing walk's PDF, gathered on the device: the home, the walk as it
// was submitted, its checklist against the form's lines, its punch items with their
// photos (the device's copy, else its thumbnail, else fetched when online), both
// signatures, and the PDF's own words from the app's texts.

import type { TFunction } from 'i18next';
import type { ChecklistAnswer, Signature, WalkFormDef } from '@field/domain';
import { APP_BUILD_DATE, APP_VERSION } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { dataUrlBytes, photoSource } from '../../data/photo-bytes';
import type { PunchItem } from '../../data/punch-items';
import type { OfflineEngine } from '../../offline/engine';
import type { WalkPdfInput } from '../../lib/pdf/walk-pdf';
import { walkPdfWords } from './pdf/walk-pdf-words';

export interface PdfWalk {
  id: string;
  date: string;
  notes: string;
  checklist: Readonly<Record<string, ChecklistAnswer>>;
  signatures: readonly Signature[];
  /** An amendment's line: "Amendment 1: amends the signed walk of 11/10/2026". */
  amends?: string | undefined;
}

export async function walkPdfInput(
  engine: OfflineEngine,
  input: {
    def: WalkFormDef;
    home: ActiveHome;
    walk: PdfWalk;
    staff: { label: string; name: string }[];
    items: readonly Pick<PunchItem, 'Name' | 'Category' | 'Location' | 'Status' | 'Photos'>[];
    t: TFunction;
  },
): Promise<WalkPdfInput> {
  const { def, home, walk, t } = input;
  const items: WalkPdfInput['items'] = [];
  for (const item of input.items) {
    const photos: WalkPdfInput['items'][number]['photos'] = [];
    for (const photo of item.Photos) {
      const bytes = await photoSource(engine, photo);
      if (bytes !== undefined) photos.push(bytes);
    }
    items.push({
      name: item.Name,
      category: item.Category,
      location: item.Location,
      status: item.Status,
      photos,
    });
  }
  return {
    words: walkPdfWords(t),
    company: t('app.name'),
    appVersion: t('walkForm.pdfVersion', { version: APP_VERSION, built: APP_BUILD_DATE }),
    home: { address: home.Address, homeId: String(home.HomeID), homeRid: home.HomeRID },
    walk: {
      id: walk.id,
      title: t('walkForm.pdfTitle', { form: t(`nav.walk-${def.segment}`) }),
      date: walk.date,
      notes: walk.notes,
      ...(walk.amends === undefined ? {} : { amends: walk.amends }),
    },
    staff: input.staff,
    checklist: def.sections.map((section) => ({
      title: section.title,
      lines: section.lines.map((line) => {
        const answer = walk.checklist[line.id];
        return {
          label: line.label,
          result: answer?.result ?? null,
          ...(answer?.note === undefined ? {} : { note: answer.note }),
        };
      }),
    })),
    items,
    signatures: walk.signatures.map((signature) => ({
      label: t(`walkForm.signer.${signature.role}`),
      name: signature.name,
      signedAt: signature.signedAt,
      png: dataUrlBytes(signature.image),
    })),
    generatedAt: new Date().toISOString(),
  };
}
