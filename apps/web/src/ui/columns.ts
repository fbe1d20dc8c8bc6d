// Column definitions from field names: the label of each is `fields.{name}` in the
// translation file.

import { useTranslation } from 'react-i18next';
import type { Column } from './record-table';

export function useColumns(fields: readonly (string | Column)[]): Column[] {
  const { t } = useTranslation();
  return fields.map((field) =>
    typeof field === 'string'
      ? { field, label: t(`fields.${field}`, { defaultValue: field }) }
      : field,
  );
}
