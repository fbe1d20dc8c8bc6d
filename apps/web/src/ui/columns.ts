// Column definitions from field names: the label of each is `fields.{name}` in the
// translation file; Phone and Email columns draw their values as links (contact-link.tsx).

import { useTranslation } from 'react-i18next';
import { contactRender } from './contact-link';
import { fieldLabel } from './field-label';
import type { Column } from './record-table';

export function useColumns(fields: readonly (string | Column)[]): Column[] {
  const { t } = useTranslation();
  return fields.map((field) => {
    if (typeof field !== 'string') return field;
    const render = contactRender(field);
    return {
      field,
      label: fieldLabel(t, field),
      ...(render === undefined ? {} : { render }),
    };
  });
}
