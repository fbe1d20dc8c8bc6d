// Punch items of the selected home (`/homes/items/{level?}/{type?}`): every walk type or
// one, all levels or outstanding / complete, as the route says, with the home's open item
// counts. Add and edit (with photos taken on the device), mark complete, reopen and delete
// go through the offline write queue; an item and each of its photos show as synced only
// once the server has them. A user who may write items of a type but not read its walk
// (customer service's post-close items) adds them by home; the server finds the walk.

import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Replay from '@mui/icons-material/Replay';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Access, ItemLevel, OpenItemSummary, WalkType } from '@field/domain';
import {
  CLOSING_TYPES,
  CLOSING_TYPE_SCOPE,
  ITEM_LEVELS,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  WALK_TYPES,
  WALK_TYPE_COUNT_KEY,
  hasAccess,
} from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useSelectedHome } from '../../data/homes';
import { canReadItemType, countOpenItems } from '../../data/home-items';
import { useSignedIn } from '../../data/session';
import { useOfflineEngine } from '../../offline/react';
import { SelectHomeFirst } from '../../ui/record-list-screen';
import type { RecordSyncState } from '../../data/queued-records';
import { errorText } from '../../ui/error-text';
import { HistoryButton } from '../../ui/history-button';
import { SyncStateChip } from '../../ui/sync-state-chip';
import type { NewPhoto, PunchItem } from '../../data/punch-items';
import {
  addPunchItem,
  canReadWalkOf,
  deletePunchItem,
  startWalk,
  updatePunchItem,
  usePunchItems,
  walkFor,
} from '../../data/punch-items';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';
import { Thumbnail } from '../../ui/photo-thumbnail';

import { TAP } from '../../ui/touch';

function parseItemsPath(path: string): {
  level: ItemLevel | undefined;
  type: WalkType | undefined;
} {
  const segments = path.split('/').slice(3);
  return {
    level: ITEM_LEVELS.find((level) => segments.includes(level)),
    type: WALK_TYPES.find((type) => segments.includes(type)),
  };
}

const STATUS_OF_LEVEL: Readonly<Record<ItemLevel, string>> = {
  outstanding: 'Outstanding',
  complete: 'Complete',
};

function ItemForm(props: {
  title: string;
  id: string;
  types: readonly WalkType[];
  initial: { Walk: WalkType; Category: string; Location: string; Name: string };
  withPhotos: boolean;
  walkNote: (type: WalkType) => string | null;
  /** Starts the missing walk of a type, where the user may. */
  startWalk?: ((type: WalkType) => Promise<void>) | undefined;
  canStart?: (type: WalkType) => boolean;
  onSave: (values: {
    Walk: WalkType;
    Category: string;
    Location: string;
    Name: string;
    photos: NewPhoto[];
  }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [photos, setPhotos] = useState<File[]>([]);
  const { error, saving, run, setError } = useDialogSave(props.onClose);
  const note = props.walkNote(values.Walk);

  function save(): Promise<void> {
    return run(() =>
      props.onSave({
        Walk: values.Walk,
        Category: values.Category.trim(),
        Location: values.Location.trim(),
        Name: values.Name.trim(),
        photos: photos.map((file) => ({ blob: file, name: file.name })),
      }),
    );
  }

  return (
    <FormDialog
      id={props.id}
      title={props.title}
      error={error}
      saveDisabled={saving || note !== null}
      saveLabel={t('punchItems.save')}
      cancelLabel={t('punchItems.cancel')}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      <TextField
        select
        label={t('punchItems.walk')}
        value={values.Walk}
        disabled={props.types.length < 2}
        onChange={(event) => {
          const walk = props.types.find((type) => type === event.target.value);
          if (walk !== undefined) setValues({ ...values, Walk: walk });
        }}
      >
        {props.types.map((type) => (
          <MenuItem key={type} value={type} sx={{ minHeight: 44 }}>
            {t(`nav.items-${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {note !== null && (
        <Alert
          severity="warning"
          data-testid="walk-note"
          action={
            props.startWalk === undefined || props.canStart?.(values.Walk) !== true ? undefined : (
              <Button
                color="inherit"
                sx={TAP}
                onClick={() => {
                  const start = props.startWalk;
                  if (start === undefined) return;
                  start(values.Walk).catch((caught: unknown) => setError(errorText(caught)));
                }}
              >
                {t('punchItems.startWalk')}
              </Button>
            )
          }
        >
          {note}
        </Alert>
      )}
      <TextField
        label={t('punchItems.category')}
        value={values.Category}
        onChange={(event) => setValues({ ...values, Category: event.target.value })}
      />
      <TextField
        label={t('punchItems.location')}
        value={values.Location}
        onChange={(event) => setValues({ ...values, Location: event.target.value })}
      />
      <TextField
        label={t('punchItems.name')}
        value={values.Name}
        multiline
        onChange={(event) => setValues({ ...values, Name: event.target.value })}
      />
      {props.withPhotos && (
        <Stack spacing={1}>
          <Button component="label" variant="outlined" startIcon={<AddAPhoto />} sx={TAP}>
            {t('punchItems.addPhotos')}
            <input
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              data-testid="photo-input"
              onChange={(event) => {
                const chosen = event.target.files === null ? [] : [...event.target.files];
                setPhotos((current) => [...current, ...chosen]);
                event.target.value = '';
              }}
            />
          </Button>
          {photos.length > 0 && (
            <Typography variant="body2" data-testid="chosen-photos">
              {t('punchItems.photosChosen', { count: photos.length })}
            </Typography>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}

function ItemRow(props: {
  item: PunchItem;
  state: RecordSyncState | undefined;
  photoStates: ReadonlyMap<string, RecordSyncState>;
  canWrite: boolean;
  onEdit: () => void;
  onComplete: () => void;
  onReopen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  const complete = item.Status === 'Complete';
  const walk = WALK_TYPES.find((type) => type === item.Walk);
  return (
    <Box
      component="li"
      data-testid="punch-item"
      data-item-id={item.id}
      data-status={item.Status}
      data-sync={props.state ?? 'synced'}
      sx={{ listStyle: 'none', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {/* On a phone the actions sit in a row under the text, so a row stays short. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, gap: { xs: 0, sm: 1 } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.Name}
            </Typography>
            <Chip
              size="small"
              color={complete ? 'success' : 'default'}
              label={t(complete ? 'punchItems.complete' : 'punchItems.outstanding')}
            />
            <SyncStateChip state={props.state} recordId={item.id} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              walk === undefined ? item.Walk : t(`nav.items-${walk}`),
              item.Category,
              item.Location,
              item['Completed At'] === null
                ? ''
                : t('punchItems.completedAt', {
                    date: new Date(item['Completed At']).toLocaleDateString(),
                  }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {item.Photos.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {item.Photos.map((photo) => (
                <Thumbnail
                  key={`${photo.collection}/${photo.key}`}
                  photo={photo}
                  state={props.photoStates.get(`${photo.collection}/${photo.key}`)}
                />
              ))}
            </Stack>
          )}
        </Box>
        {!props.canWrite && (
          <Stack direction="row" sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
            <HistoryButton kind="walkItems" recordId={item.id} label={item.Name} />
          </Stack>
        )}
        {props.canWrite && (
          <Stack direction="row" sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
            <HistoryButton kind="walkItems" recordId={item.id} label={item.Name} />
            {complete ? (
              <IconButton
                sx={TAP}
                aria-label={t('punchItems.reopenLabel', { name: item.Name })}
                onClick={props.onReopen}
              >
                <Replay />
              </IconButton>
            ) : (
              <IconButton
                sx={TAP}
                aria-label={t('punchItems.markCompleteLabel', { name: item.Name })}
                onClick={props.onComplete}
              >
                <CheckCircleOutlined />
              </IconButton>
            )}
            <IconButton
              sx={TAP}
              aria-label={t('punchItems.editLabel', { name: item.Name })}
              onClick={props.onEdit}
            >
              <EditOutlined />
            </IconButton>
            <IconButton
              sx={TAP}
              aria-label={t('punchItems.deleteLabel', { name: item.Name })}
              onClick={props.onDelete}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The home's open item counts: the route's walk type, or the total and each readable type. */
function OpenCounts(props: {
  counts: OpenItemSummary;
  type: WalkType | undefined;
  access: Access;
}) {
  const { t } = useTranslation();
  // All types: the total, and the types with open items (a phone has little room).
  const types =
    props.type === undefined
      ? WALK_TYPES.filter(
          (walk) =>
            canReadItemType(props.access, walk) && props.counts[WALK_TYPE_COUNT_KEY[walk]] > 0,
        )
      : [props.type];
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('punchItems.openCounts')}
      data-testid="open-item-counts"
      sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 0.5 }}
    >
      {props.type === undefined && (
        <Chip
          component="li"
          size="small"
          color="primary"
          data-count-key="Open Items"
          data-count={props.counts['Open Items']}
          label={t('punchItems.openTotal', { count: props.counts['Open Items'] })}
        />
      )}
      {types.map((walk) => {
        const key = WALK_TYPE_COUNT_KEY[walk];
        return (
          <Chip
            key={walk}
            component="li"
            size="small"
            variant="outlined"
            data-count-key={key}
            data-count={props.counts[key]}
            label={t('punchItems.openOfType', {
              walk: t(`nav.items-${walk}`),
              count: props.counts[key],
            })}
          />
        );
      })}
    </Stack>
  );
}

type Open =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; item: PunchItem }
  | { kind: 'delete'; item: PunchItem };

function PunchItems(props: { home: ActiveHome }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const location = useLocation();
  const { access, user } = useSignedIn();
  const { level, type } = parseItemsPath(location.pathname);
  const homeId = props.home.id;
  const { query, walks, items, states, photoStates } = usePunchItems(homeId, access);
  const counts = countOpenItems(items, access);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [actionError, setActionError] = useState<string | null>(null);

  const writable = useMemo(
    () =>
      WALK_TYPES.filter(
        (walk) =>
          hasAccess(access, [WALK_ITEM_SCOPE[walk]], 'write') &&
          (type === undefined || walk === type),
      ),
    [access, type],
  );

  const shown = useMemo(
    () =>
      items
        ?.filter((item) => {
          const walk = WALK_TYPES.find((w) => w === item.Walk);
          if (walk === undefined || !canReadItemType(access, walk)) return false;
          if (type !== undefined && walk !== type) return false;
          return level === undefined || item.Status === STATUS_OF_LEVEL[level];
        })
        .sort(
          (a, b) =>
            WALK_TYPES.findIndex((w) => w === a.Walk) - WALK_TYPES.findIndex((w) => w === b.Walk) ||
            a.Name.localeCompare(b.Name),
        ),
    [items, access, type, level],
  );

  function canStartWalk(walkType: WalkType): boolean {
    const closing = CLOSING_TYPES.find((c) => c === walkType);
    return closing === undefined
      ? hasAccess(access, RESOURCE_ACCESS.preDrywall.write, 'write')
      : hasAccess(access, [CLOSING_TYPE_SCOPE[closing]], 'write');
  }

  /**
   * Why an item of this type cannot be added yet, or null. Where the user cannot read the
   * walk, the item goes by home and the server finds the walk: nothing to wait for here.
   */
  function walkNote(walkType: WalkType): string | null {
    if (!canReadWalkOf(access, walkType)) return null;
    const walk = walkFor(walks ?? [], walkType);
    const name = t(`nav.items-${walkType}`);
    if (walk === undefined) return t('punchItems.noWalk', { walk: name });
    if (walk.queued === true) return t('punchItems.walkNotSynced', { walk: name });
    return null;
  }

  async function run(action: () => Promise<void>): Promise<void> {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      setActionError(errorText(caught));
    }
  }

  const missingWalks = writable.filter(
    (walk) =>
      canReadWalkOf(access, walk) && walks !== undefined && walkFor(walks, walk) === undefined,
  );
  const firstType = writable[0];

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {props.home.Address}
          </Typography>
          {counts !== undefined && <OpenCounts counts={counts} type={type} access={access} />}
        </Stack>
        {firstType !== undefined && (
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
      {actionError !== null && (
        <Alert severity="error" role="alert" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {missingWalks.length > 0 && type !== undefined && (
        <Alert
          severity="info"
          data-testid="no-walk"
          action={
            canStartWalk(type) ? (
              <Button
                color="inherit"
                sx={TAP}
                onClick={() => void run(() => startWalk(engine, homeId, user.id, type))}
              >
                {t('punchItems.startWalk')}
              </Button>
            ) : undefined
          }
        >
          {t('punchItems.noWalk', { walk: t(`nav.items-${type}`) })}
        </Alert>
      )}
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
            {shown.map((item) => {
              const walk = WALK_TYPES.find((w) => w === item.Walk);
              return (
                <ItemRow
                  key={item.id}
                  item={item}
                  state={states.get(item.id)}
                  photoStates={photoStates}
                  canWrite={
                    walk !== undefined && hasAccess(access, [WALK_ITEM_SCOPE[walk]], 'write')
                  }
                  onEdit={() => setOpen({ kind: 'edit', item })}
                  onDelete={() => setOpen({ kind: 'delete', item })}
                  onComplete={() =>
                    void run(() =>
                      updatePunchItem(engine, homeId, item, {
                        Status: 'Complete',
                        'Completed At': new Date().toISOString(),
                      }),
                    )
                  }
                  onReopen={() =>
                    void run(() =>
                      updatePunchItem(engine, homeId, item, {
                        Status: 'Outstanding',
                        'Completed At': null,
                      }),
                    )
                  }
                />
              );
            })}
          </Box>
        )}
      </Paper>
      {open.kind === 'add' && firstType !== undefined && (
        <ItemForm
          id="add-item-form"
          title={t('punchItems.addTitle')}
          types={writable}
          initial={{ Walk: firstType, Category: '', Location: '', Name: '' }}
          withPhotos
          walkNote={walkNote}
          canStart={(walkType) =>
            walks !== undefined && walkFor(walks, walkType) === undefined && canStartWalk(walkType)
          }
          startWalk={async (walkType) => {
            if (walkFor(walks ?? [], walkType) !== undefined || !canStartWalk(walkType)) return;
            await startWalk(engine, homeId, user.id, walkType);
          }}
          onClose={() => setOpen({ kind: 'none' })}
          onSave={async (values) => {
            const note = walkNote(values.Walk);
            if (note !== null) throw new Error(note);
            // Undefined where the user may not read the walk: the item goes by home alone.
            const walk = canReadWalkOf(access, values.Walk)
              ? walkFor(walks ?? [], values.Walk)
              : undefined;
            await addPunchItem(
              engine,
              homeId,
              walk,
              {
                Walk: values.Walk,
                Category: values.Category,
                Location: values.Location,
                Name: values.Name,
              },
              values.photos,
            );
          }}
        />
      )}
      {open.kind === 'edit' && (
        <ItemForm
          id="edit-item-form"
          title={t('punchItems.editTitle')}
          types={[WALK_TYPES.find((w) => w === open.item.Walk) ?? 'final-punch']}
          initial={{
            Walk: WALK_TYPES.find((w) => w === open.item.Walk) ?? 'final-punch',
            Category: open.item.Category,
            Location: open.item.Location,
            Name: open.item.Name,
          }}
          withPhotos
          walkNote={() => null}
          onClose={() => setOpen({ kind: 'none' })}
          onSave={(values) =>
            updatePunchItem(
              engine,
              homeId,
              open.item,
              { Name: values.Name, Category: values.Category, Location: values.Location },
              values.photos,
            )
          }
        />
      )}
      {open.kind === 'delete' && (
        <Dialog open onClose={() => setOpen({ kind: 'none' })} aria-labelledby="delete-item-title">
          <DialogTitle id="delete-item-title">{t('punchItems.deleteTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('punchItems.deleteConfirm', { name: open.item.Name })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button sx={TAP} onClick={() => setOpen({ kind: 'none' })}>
              {t('punchItems.cancel')}
            </Button>
            <Button
              sx={TAP}
              color="error"
              variant="contained"
              onClick={() => {
                const item = open.item;
                setOpen({ kind: 'none' });
                void run(() => deletePunchItem(engine, homeId, item));
              }}
            >
              {t('punchItems.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

export function Component() {
  const home = useSelectedHome();
  if (home === null) return <SelectHomeFirst />;
  return <PunchItems key={home.id} home={home} />;
}
