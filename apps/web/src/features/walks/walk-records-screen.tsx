// The walks of one form on the selected home (`/walks/{form}`): the records of its kind
// (closing walks of its type), newest first.

import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedHome } from '../../data/homes';
import type { WalkKind } from '@field/domain';
import { textOf, useHomeRecords } from '../../data/records';
import { useColumns } from '../../ui/columns';
import { SelectHomeFirst } from '../../ui/record-list-screen';
import { RecordTable } from '../../ui/record-table';

/** Which record kind and closing type each walk form reads (spec-clarifications). */
const FORM_SOURCE: Readonly<Record<string, { kind: WalkKind; type?: string }>> = {
  'home-start': { kind: 'homeStart' },
  'pre-drywall': { kind: 'preDrywall' },
  'manager-walks': { kind: 'managerWalk' },
  landscape: { kind: 'landscape' },
  'final-punch': { kind: 'closing', type: 'final-punch' },
  'new-home-presentation': { kind: 'closing', type: 'nhp' },
  'welcome-home-orientation': { kind: 'closing', type: 'who' },
  'post-close': { kind: 'closing', type: 'post-close' },
};

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const home = useSelectedHome();
  const segment = location.pathname.split('/')[2] ?? '';
  const source = FORM_SOURCE[segment] ?? { kind: 'homeStart' };
  const { records, query } = useHomeRecords(source.kind, home?.id ?? null);
  const columns = useColumns(['date', 'user', 'notes']);
  const shown = useMemo(
    () =>
      records
        ?.filter((walk) => source.type === undefined || walk['type'] === source.type)
        .sort((a, b) => textOf(b, 'date').localeCompare(textOf(a, 'date'))),
    [records, source.type],
  );
  if (home === null) return <SelectHomeFirst />;
  return (
    <RecordTable
      label={t('nav.walks')}
      columns={columns}
      records={shown}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={t('walks.empty')}
    />
  );
}
