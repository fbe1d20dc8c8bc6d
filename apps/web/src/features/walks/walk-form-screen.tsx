// One screen for all eight walk forms (`/walks/{form}`), driven by the form's definition
// in the domain: the walks of that form on the selected home, newest first, with who
// walked, their checklist results and their sync state; "Start a new walk", and a walk
// opened to continue or edit it (`?walk={id}`, `?walk=new`), so a reload reopens the form.

import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { WalkFormDef } from '@field/domain';
import {
  ITEM_HOST_KINDS,
  checklistLines,
  hasAccess,
  isOpenItem,
  readChecklistAnswer,
  walkFormOf,
} from '@field/domain';
import { useSelectedHome } from '../../data/homes';
import type { FieldRecord } from '../../data/records';
import { textOf, useEmployeeNames } from '../../data/records';
import { useSignedIn } from '../../data/session';
import { useItemsOfWalks } from '../../data/walk-items';
import { useFormWalks } from '../../data/walks';
import { NotYourHome, SelectHomeFirst } from '../../ui/record-list-screen';
import { RecordTable, cellText } from '../../ui/record-table';
import type { Column } from '../../ui/record-table';
import { HistoryButton } from '../../ui/history-button';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { useAmendmentNote, useHistoryChains } from './walk-amendment';
import { WalkEditor } from './walk-editor';
import { WalkPdfActions } from './walk-pdf-actions';
import { walkerName } from './walk-people';

import { TAP } from '../../ui/touch';

/** "12 pass · 2 fail · 1 n/a" of a walk's checklist, against its form's lines. */
function useResultSummary(def: WalkFormDef) {
  const { t } = useTranslation();
  const lines = checklistLines(def);
  return (walk: FieldRecord): string => {
    const answers = walk['checklist'];
    const counts = { pass: 0, fail: 0, na: 0, open: 0 };
    for (const line of lines) {
      const answer =
        typeof answers === 'object' && answers !== null
          ? readChecklistAnswer((answers as Record<string, unknown>)[line.id])
          : undefined;
      counts[answer?.result ?? 'open'] += 1;
    }
    const parts = (['pass', 'fail', 'na', 'open'] as const)
      .filter((result) => counts[result] > 0 && (result !== 'open' || counts.open < lines.length))
      .map((result) => t(`walkForm.summaryPart.${result}`, { count: counts[result] }));
    return parts.length === 0 ? t('walkForm.summaryEmpty') : parts.join(' · ');
  };
}

/** A walk's date in the list, with the amendment note under it where there is one. */
function WalkDate(props: { date: string; note: string | undefined }) {
  return (
    <>
      {props.date}
      {props.note !== undefined && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="walk-amendment-note"
          sx={{ display: 'block' }}
        >
          {props.note}
        </Typography>
      )}
    </>
  );
}

/**
 * The open punch items of each listed walk, by walk id, from one `item/listByWalks` call
 * (the device's copy offline); undefined for a form whose walks host no items.
 */
function useOpenItemsByWalk(
  def: WalkFormDef,
  walks: readonly FieldRecord[] | undefined,
  homeId: string,
) {
  const { access } = useSignedIn();
  const hosts = ITEM_HOST_KINDS.includes(def.kind);
  const refs = useMemo(
    () => (hosts ? (walks ?? []).map((walk) => ({ id: walk.id, homeId })) : []),
    [hosts, walks, homeId],
  );
  const { records } = useItemsOfWalks(refs, access, 'batch');
  return useMemo(() => {
    if (!hosts || records === undefined) return undefined;
    const open = new Map<string, number>();
    for (const item of records) {
      const walkId = textOf(item, 'WalkID');
      if (isOpenItem(item)) open.set(walkId, (open.get(walkId) ?? 0) + 1);
    }
    return open;
  }, [hosts, records]);
}

function WalkList(props: { def: WalkFormDef; homeId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const { user, access } = useSignedIn();
  const names = useEmployeeNames(hasAccess(access, ['collaboration_staff'], 'read'));
  const { records, states, query } = useFormWalks(props.def, props.homeId);
  const summary = useResultSummary(props.def);
  const chains = useHistoryChains(records);
  const amendmentNote = useAmendmentNote(records);
  const openItems = useOpenItemsByWalk(props.def, records, props.homeId);
  const title = t(`nav.walk-${props.def.segment}`);
  const columns: Column[] = [
    {
      field: 'date',
      label: t('fields.date'),
      render: (walk) => <WalkDate date={cellText(walk['date'])} note={amendmentNote(walk)} />,
    },
    {
      field: 'user',
      label: t('fields.user'),
      render: (walk) => walkerName(textOf(walk, 'user'), names, user),
    },
    { field: 'checklist', label: t('walkForm.checklist'), render: summary },
    ...(openItems === undefined
      ? []
      : [
          {
            field: 'openItems',
            label: t('walkForm.openItems'),
            render: (walk: FieldRecord) => String(openItems.get(walk.id) ?? 0),
          },
        ]),
    ...(props.def.signOff
      ? [
          {
            field: 'pdfUrl',
            label: t('walkForm.signOff'),
            render: (walk: FieldRecord) =>
              textOf(walk, 'pdfUrl') === '' ? (
                <Chip size="small" label={t('walkForm.notSigned')} />
              ) : (
                <Chip size="small" color="success" label={t('walkForm.signed')} />
              ),
          },
        ]
      : []),
  ];
  return (
    <Stack spacing={2}>
      {props.canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={TAP}
            data-testid="start-walk"
            onClick={() => setSearch({ walk: 'new' })}
          >
            {t('walkForm.start')}
          </Button>
        </Box>
      )}
      <RecordTable
        label={title}
        columns={columns}
        records={records}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('walks.empty')}
        testIds={{ list: 'walk-list', row: 'walk-row', empty: 'walk-list-empty' }}
        rowData={(walk) => ({ 'data-id': walk.id, 'data-sync': states.get(walk.id) ?? 'synced' })}
        status={(walk) => <SyncStateChip state={states.get(walk.id)} recordId={walk.id} />}
        actionsLabel={t('records.actions')}
        actions={(walk) => (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <HistoryButton
              kind={props.def.kind}
              recordId={walk.id}
              label={t('walkForm.walkOf', { date: cellText(walk['date']) })}
              chain={chains(walk.id)}
            />
            <Button
              size="small"
              startIcon={<EditOutlined />}
              sx={TAP}
              onClick={() => setSearch({ walk: walk.id })}
              aria-label={t('walkForm.openWalk', { date: textOf(walk, 'date').slice(0, 10) })}
            >
              {props.canWrite ? t('walkForm.open') : t('walkForm.view')}
            </Button>
            {props.def.signOff && <WalkPdfActions walk={walk} compact />}
          </Box>
        )}
      />
    </Stack>
  );
}

export function Component() {
  const location = useLocation();
  const [search] = useSearchParams();
  const home = useSelectedHome();
  const { access } = useSignedIn();
  const def = walkFormOf(location.pathname.split('/')[2] ?? '');
  if (def === undefined) return null;
  if (home === null) return <SelectHomeFirst />;
  if (home.outsider === true) return <NotYourHome home={home} />;
  const canWrite = hasAccess(access, [def.scope], 'write');
  const walk = search.get('walk');
  return walk === null ? (
    <WalkList key={def.segment} def={def} homeId={home.id} canWrite={canWrite} />
  ) : (
    <WalkEditor
      key={`${def.segment}:${walk}:${search.get('amends') ?? ''}`}
      def={def}
      home={home}
      walkId={walk === 'new' ? undefined : walk}
      amends={walk === 'new' ? (search.get('amends') ?? undefined) : undefined}
      canWrite={canWrite}
    />
  );
}
