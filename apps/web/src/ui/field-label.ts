// A record field's label: `fields.{name}` in the texts, for every field a write can carry
// (locales/texts.test.ts checks each one is there), the name itself otherwise.

import type { TFunction } from 'i18next';

export function fieldLabel(t: TFunction, field: string): string {
  return t(`fields.${field}`, { defaultValue: field });
}
