// Punch items of the selected home (`/homes/items/{level?}/{type?}`): every walk type or
// one, all levels or outstanding / complete, as the route says, with the home's open item
// counts. Add and edit (with photos taken on the device, a trade, a due date and a
// priority), the review step (ready for review, send back, complete, reopen) and delete go
// through the offline write queue; an item and each of its photos show as synced only
// once the server has them. A user who may write items of a type but not read its walk
// (customer service's post-close items) adds them by home; the server finds the walk.

import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { ItemTransition } from '@field/domain';
import { localDay } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useSelectedHome } from '../../data/homes';
import { countOpenItems } from '../../data/home-items';
import type { ItemVendors } from '../../data/item-vendors';
import { useItemVendors } from '../../data/item-vendors';
import { canStartWalkOf, startItemWalk, useItemWalks } from '../../data/item-walks';
import type { PunchItem, PunchView } from '../../data/punch-items';
import { deletePunchItem, updatePunchItem, usePunchItems } from '../../data/punch-items';
import { useSignedIn } from '../../data/session';
import { useOfflineEngine } from '../../offline/react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorText } from '../../ui/error-text';
import { NotYourHome, SelectHomeFirst } from '../../ui/record-list-screen';
import { TAP } from '../../ui/touch';
import { useNow } from '../../ui/use-now';
import type { ItemDialog } from './item-dialogs';
import { AddItemDialog, ItemDialogs } from './item-dialogs';
import { ItemRow } from './item-row';
import { addableTypes, canWriteItem, parseItemsPath, shownItems, walkBlocker } from './item-rules';
import { OpenCounts } from './open-counts';
import { ListExport } from './lists/list-export';
import { useOpenedRecord } from '../../ui/opened-record';

type Open = { kind: 'none' } | { kind: 'add' } | { kind: 'delete'; item: PunchItem } | ItemDialog;

/** The list itself: loading, its error, empty, or a row per item. */
function ItemList(props: {
  view: PunchView;
  shown: PunchItem[] | undefined;
  vendors: ItemVendors;
  canWrite: (item: PunchItem) => boolean;
  onOpen: (open: Open) => void;
  onTransition: (item: PunchItem, transition: ItemTransition) => void;
}) {
  const { t } = useTranslation();
  const { view, shown } = props;
  const { query } = view;
  const today = localDay(new Date(useNow()));
  const opened = useOpenedRecord(shown !== undefined);
  return (
    <Paper variant="outlined">
      {shown === undefined && query.isPending && <LinearProgress />}
      {query.error !== null && shown === undefined && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" sx={TAP} onClick={() => void query.refetch()}>
              {t('records.retry')}
            </Button>
          }
        >
          {t('records.error', { message: query.error.message })}
        </Alert>
      )}
      {shown !== undefined && shown.length === 0 && (
        <Typography
          role="status"
          data-testid="punch-items-empty"
          sx={{ p: 3, textAlign: 'center' }}
        >
          {t('items.empty')}
        </Typography>
      )}
      {shown !== undefined && shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t('nav.items')}
          data-testid="punch-items"
          sx={{ m: 0, p: 0 }}
        >
          {shown.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              vendor={item.Vendor === null ? undefined : props.vendors.byId.get(item.Vendor)}
              today={today}
              state={view.states.get(item.id)}
              photoStates={view.photoStates}
              canWrite={props.canWrite(item)}
              opened={item.id === opened}
              onEdit={() => props.onOpen({ kind: 'edit', item })}
              onDelete={() => props.onOpen({ kind: 'delete', item })}
              onTransition={(transition) => props.onTransition(item, transition)}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** No walk takes this type's items yet: says so, and starts one where the user may. */
function NoWalkAlert(props: { walk: string; onStart: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      data-testid="no-walk"
      action={
        props.onStart === undefined ? undefined : (
          <Button color="inherit" sx={{ ...TAP, whiteSpace: 'nowrap' }} onClick={props.onStart}>
            {t('punchItems.startWalk')}
          </Button>
        )
      }
    >
      {t('punchItems.noWalk', { walk: props.walk })}
    </Alert>
  );
}

function PunchItems(props: { home: ActiveHome }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const location = useLocation();
  const { access, user } = useSignedIn();
  const { level, type } = parseItemsPath(location.pathname);
  const homeId = props.home.id;
  const view = usePunchItems(homeId, access);
  const walks = useItemWalks(homeId, access);
  const vendors = useItemVendors(access);
  const counts = countOpenItems(view.items, access);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [actionError, setActionError] = useState<string | null>(null);
  const writable = useMemo(() => addableTypes(access, type), [access, type]);
  const shown = useMemo(
    () => (view.items === undefined ? undefined : shownItems(view.items, access, { level, type })),
    [view.items, access, level, type],
  );

  async function run(action: () => Promise<void>): Promise<void> {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      setActionError(errorText(caught));
    }
  }

  const today = localDay(new Date(useNow()));
  const exportLookups = useMemo(
    () => ({
      today,
      addressOf: () => props.home.Address,
      vendorNameOf: (id: string | null) =>
        id === null ? '' : (vendors.byId.get(id)?.Name ?? t('punchItems.unknownVendor')),
    }),
    [today, props.home.Address, vendors, t],
  );

  const missingWalk =
    type !== undefined &&
    writable.includes(type) &&
    walks !== undefined &&
    walkBlocker(access, walks, type) === 'noWalk';
  const close = () => setOpen({ kind: 'none' });

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {props.home.Address}
          </Typography>
          {counts !== undefined && <OpenCounts counts={counts} type={type} access={access} />}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ListExport
            items={shown}
            subject={{
              kind: 'home',
              address: props.home.Address,
              homeNumber: String(props.home.HomeID),
            }}
            lookups={exportLookups}
          />
          {writable.length > 0 && (
            <Button
              variant="contained"
              startIcon={<Add />}
              sx={TAP}
              disabled={walks === undefined}
              onClick={() => setOpen({ kind: 'add' })}
            >
              {t('punchItems.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      {actionError !== null && (
        <Alert severity="error" role="alert" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {missingWalk && (
        <NoWalkAlert
          walk={t(`nav.items-${type}`)}
          onStart={
            canStartWalkOf(access, type)
              ? () => void run(() => startItemWalk(engine, homeId, user.id, type))
              : undefined
          }
        />
      )}
      <ItemList
        view={view}
        shown={shown}
        canWrite={(item) => canWriteItem(access, item)}
        onOpen={setOpen}
        vendors={vendors}
        onTransition={(item, transition) => {
          if (transition === 'markReady' || transition === 'sendBack') {
            setOpen({ kind: transition, item });
            return;
          }
          const complete = transition === 'complete';
          void run(() =>
            updatePunchItem(engine, homeId, item, {
              Status: complete ? 'Complete' : 'Outstanding',
              'Completed At': complete ? new Date().toISOString() : null,
            }),
          );
        }}
      />
      {open.kind === 'add' && (
        <AddItemDialog
          types={writable}
          walks={walks}
          homeId={homeId}
          home={props.home}
          vendors={vendors}
          onClose={close}
        />
      )}
      {(open.kind === 'edit' || open.kind === 'markReady' || open.kind === 'sendBack') && (
        <ItemDialogs
          open={open}
          homeId={homeId}
          home={props.home}
          vendors={vendors}
          onClose={close}
        />
      )}
      {open.kind === 'delete' && (
        <ConfirmDialog
          id="delete-item"
          title={t('punchItems.deleteTitle')}
          text={t('punchItems.deleteConfirm', { name: open.item.Name })}
          confirmLabel={t('punchItems.delete')}
          cancelLabel={t('punchItems.cancel')}
          onConfirm={() => deletePunchItem(engine, homeId, open.item)}
          onClose={close}
        />
      )}
    </Stack>
  );
}

export function Component() {
  const home = useSelectedHome();
  if (home === null) return <SelectHomeFirst />;
  if (home.outsider === true) return <NotYourHome home={home} />;
  return <PunchItems key={home.id} home={home} />;
}
