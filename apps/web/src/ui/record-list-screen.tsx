// The one screen of a home's records of one resource: the select-a-home gate, loading /
// error / empty states, a table on a desktop and cards on a phone, each row's sync state,
// and, where the registry gives the resource writes and the user holds their scopes, add
// and edit dialogs (react-hook-form over the domain's form schema) and a delete
// confirmation, all through the offline queue. A screen is a configuration and its texts.

import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import type { Access, FormOperation, OperationName, Resource, UserDocument } from '@field/domain';
import { hasAccess, recordFormSchema, resourceDef } from '@field/domain';
import type { ActiveHome } from '../data/homes';
import { useSelectedHome } from '../data/homes';
import type { FieldRecord } from '../data/records';
import { photosOf, storePhotos } from '../data/punch-items';
import type { NewPhoto } from '../data/punch-items';
import {
  homeRecordsKey,
  recordWrites,
  useEmployeeNames,
  useHomeRecords,
  useRecordWrites,
} from '../data/records';
import type { OfflineEngine } from '../offline/engine';
import { useOfflineEngine } from '../offline/react';
import { useSignedIn } from '../data/session';
import { useColumns } from './columns';
import { useOpenedRecord } from './opened-record';
import { ConfirmDialog } from './confirm-dialog';
import { useDialogDraft } from './dialog-draft';
import { HistoryDialog } from './history-dialog';
import { FormDialog, useDialogSave } from './form-dialog';
import type { Column } from './record-table';
import { RecordTable } from './record-table';
import { SyncStateChip } from './sync-state-chip';
import { NotOnDeviceAlert } from './not-on-device-alert';
import type { RecordField, ScreenContext } from './record-fields';
import { FieldInput, emptyValue } from './record-fields';

import { TAP } from './touch';

export type { FieldOption, ScreenContext } from './record-fields';

export interface RecordScreenConfig {
  resource: Resource;
  /** The prefix of the screen's texts in the translation file. */
  texts: string;
  testIds?: { list: string; row: string; empty: string };
  /** Fields of the add form; the edit form shows those the update may change. */
  fields: readonly RecordField[];
  columns: (ctx: ScreenContext) => readonly (string | Column)[];
  /** Values of a new record that are not asked for (a call's staff, now...). */
  defaults?: (ctx: ScreenContext) => Record<string, unknown>;
  sort?: (a: FieldRecord, b: FieldRecord) => number;
  /** How a row names itself in its buttons' labels (screens that write). */
  rowLabel?: (record: FieldRecord) => string;
  /** Reads staff names (for a staff column or picker). */
  staffNames?: boolean;
}

export function SelectHomeFirst() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography role="status">{t('records.selectHome')}</Typography>
    </Paper>
  );
}

/**
 * A selected home the user does not work on: its address and status, and why nothing
 * more shows (docs/decisions.md, Access by home). Screens of a home's records show it in
 * place of the records.
 */
export function NotYourHome({ home }: { home: Pick<ActiveHome, 'Address' | 'Status'> }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="not-your-home">
      <Typography variant="h6" component="h2">
        {home.Address}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('fields.Status')}: {home.Status}
      </Typography>
      <Typography role="status" sx={{ fontWeight: 650 }}>
        {t('homes.notYours')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('homes.notYoursHelp')}
      </Typography>
    </Paper>
  );
}

/**
 * Adds or changes a record. Photos chosen in the form are stored on the device and their
 * uploads queued first, under the record's folder, so the write that lists them follows.
 */
async function saveRecord(
  engine: OfflineEngine,
  form: {
    config: RecordScreenConfig;
    ctx: ScreenContext;
    fields: readonly RecordField[];
    record: FieldRecord | undefined;
  },
  values: Record<string, unknown>,
  photos: readonly NewPhoto[],
): Promise<void> {
  const { config, ctx, fields, record } = form;
  const writes = recordWrites(engine, config.resource);
  const id = record?.id ?? crypto.randomUUID();
  const photoField = fields.find((field) => field.kind === 'photos')?.name;
  const added =
    photoField === undefined || photos.length === 0
      ? []
      : await storePhotos(
          engine,
          {
            collection: config.resource,
            recordId: id,
            queryKey: homeRecordsKey(config.resource, ctx.home.id),
          },
          photos,
        );
  const changes =
    photoField === undefined || added.length === 0
      ? values
      : { ...values, [photoField]: [...photosOf(values[photoField]), ...added] };
  if (record === undefined) {
    await writes.add(ctx.home.id, { ...config.defaults?.(ctx), ...changes, id });
  } else {
    await writes.update(record, changes);
  }
}

/** The add or edit dialog of a record (also a job's schedule entry: features/jobs). */
export function RecordFormDialog(props: {
  config: RecordScreenConfig;
  ctx: ScreenContext;
  operation: FormOperation;
  fields: readonly RecordField[];
  record?: FieldRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { config, ctx, operation, fields, record } = props;
  const engine = useOfflineEngine();
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const { error, run } = useDialogSave(props.onClose);
  const names = fields.map((field) => field.name);
  const schema = useMemo(
    () => recordFormSchema(config.resource, operation, names),
    // The fields of a dialog are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.resource, operation],
  );
  const defaults = Object.fromEntries(
    fields.map((field) => [
      field.name,
      record?.[field.name] ?? config.defaults?.(ctx)[field.name] ?? emptyValue(field),
    ]),
  );
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  // An edit's title may name the record (`{{record.Task}}`), so the dialog says which it is.
  const title = t(`${config.texts}.${operation === 'submit' ? 'addTitle' : 'editTitle'}`, {
    record: record ?? {},
  });
  const draft = useDialogDraft({
    home: ctx.home,
    formTitle: `${config.resource}:${record?.id ?? 'new'}`,
    title,
    values: useWatch({ control: form.control }),
    onResume: (values) => form.reset(values),
  });
  const save = form.handleSubmit((values) =>
    run(async () => {
      await saveRecord(engine, { config, ctx, fields, record }, values, photos);
      await draft.clear();
    }),
  );
  const id = `${config.texts}-${operation}-form`;
  return (
    <FormDialog
      id={id}
      title={title}
      error={error}
      saveDisabled={form.formState.isSubmitting}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      {draft.offer}
      {fields.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={form.control}
          render={({ field: input, fieldState }) => (
            <FieldInput
              field={field}
              value={input.value}
              error={field.kind === 'rows' ? fieldState.error : fieldState.error?.message}
              onChange={input.onChange}
              onBlur={input.onBlur}
              ctx={ctx}
              photos={{
                chosen: photos,
                choose: setPhotos,
              }}
            />
          )}
        />
      ))}
    </FormDialog>
  );
}

type Open =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; record: FieldRecord }
  | { kind: 'delete'; record: FieldRecord }
  | { kind: 'history'; record: FieldRecord };

function canDo(resource: Resource, operation: OperationName, access: Access) {
  const rule = resourceDef(resource).operations?.[operation];
  if (rule === undefined || rule.write === 'byType') return false;
  return hasAccess(access, rule.write, 'write');
}

export interface RecordListProps {
  config: RecordScreenConfig;
  home: ActiveHome;
  access: Access;
  user: UserDocument;
}

/** The list of one home's records (the screen below, once a home is chosen). */
export function RecordList(props: RecordListProps) {
  const { t } = useTranslation();
  const { config, home, access, user } = props;
  const names = useEmployeeNames(
    config.staffNames === true && hasAccess(access, ['collaboration_staff'], 'read'),
  );
  const ctx: ScreenContext = { home, names, user, t };
  const { records, states, query, unloaded } = useHomeRecords(config.resource, home.id);
  const writes = useRecordWrites(config.resource);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const opened = useOpenedRecord(records !== undefined);
  const columns = useColumns(config.columns(ctx));
  const shown = useMemo(
    () => (config.sort === undefined ? records : records?.slice().sort(config.sort)),
    [records, config.sort],
  );
  const can = {
    add: canDo(config.resource, 'submit', access),
    edit: canDo(config.resource, 'update', access),
    delete: canDo(config.resource, 'delete', access),
  };
  const editable = resourceDef(config.resource).operations?.update?.fields;
  const editFields = config.fields.filter(
    (field) => editable === undefined || editable.includes(field.name),
  );
  const close = () => setOpen({ kind: 'none' });
  const label = (record: FieldRecord) => config.rowLabel?.(record) ?? record.id;
  const actions = (record: FieldRecord): ReactNode => (
    <>
      <IconButton
        sx={TAP}
        aria-label={t('history.open', { label: label(record) })}
        onClick={() => setOpen({ kind: 'history', record })}
      >
        <History />
      </IconButton>
      {can.edit && (
        <IconButton
          sx={TAP}
          aria-label={t(`${config.texts}.editLabel`, {
            label: config.rowLabel?.(record) ?? record.id,
          })}
          onClick={() => setOpen({ kind: 'edit', record })}
        >
          <EditOutlined />
        </IconButton>
      )}
      {can.delete && (
        <IconButton
          sx={TAP}
          aria-label={t(`${config.texts}.deleteLabel`, {
            label: config.rowLabel?.(record) ?? record.id,
          })}
          onClick={() => setOpen({ kind: 'delete', record })}
        >
          <DeleteOutline />
        </IconButton>
      )}
    </>
  );

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h2">{home.Address}</Typography>
        {can.add && (
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={TAP}
            onClick={() => setOpen({ kind: 'add' })}
          >
            {t(`${config.texts}.add`)}
          </Button>
        )}
      </Stack>
      {unloaded && (
        <NotOnDeviceAlert
          error={query.error}
          notOnDevice={t('records.notOnDevice')}
          onRetry={() => void query.refetch()}
        />
      )}
      {/* A list not on the device is not empty: it shows only what was added here. */}
      {!(unloaded && shown?.length === 0) && (
        <RecordTable
          label={t([`${config.texts}.label`, `nav.${config.texts}`])}
          columns={columns}
          records={shown}
          loading={shown === undefined && query.isPending}
          error={shown === undefined ? query.error : null}
          onRetry={() => void query.refetch()}
          emptyText={t([`${config.texts}.empty`, 'records.empty'])}
          {...(config.testIds === undefined ? {} : { testIds: config.testIds })}
          rowData={(record) => ({
            'data-sync': states.get(record.id) ?? 'synced',
            ...(record.id === opened ? { 'data-opened': 'true' } : {}),
          })}
          status={(record) => <SyncStateChip state={states.get(record.id)} recordId={record.id} />}
          actions={actions}
          actionsLabel={t('records.actions')}
        />
      )}
      {open.kind === 'history' && (
        <HistoryDialog
          kind={config.resource}
          recordId={open.record.id}
          title={label(open.record)}
          home={home.Address}
          onClose={close}
        />
      )}
      {open.kind === 'add' && (
        <RecordFormDialog
          config={config}
          ctx={ctx}
          operation="submit"
          fields={config.fields}
          onClose={close}
        />
      )}
      {open.kind === 'edit' && (
        <RecordFormDialog
          config={config}
          ctx={ctx}
          operation="update"
          fields={editFields}
          record={open.record}
          onClose={close}
        />
      )}
      {open.kind === 'delete' && (
        <ConfirmDialog
          id={`${config.texts}-delete`}
          title={t(`${config.texts}.deleteTitle`)}
          text={t(`${config.texts}.deleteConfirm`)}
          confirmLabel={t('records.delete')}
          onConfirm={() => writes.remove(open.record)}
          onClose={close}
        />
      )}
    </Stack>
  );
}

/** The screen: asks for a home first, then lists its records of the configured resource. */
export function RecordListScreen(props: { config: RecordScreenConfig }) {
  const home = useSelectedHome();
  const { access, user } = useSignedIn();
  if (home === null) return <SelectHomeFirst />;
  if (home.outsider === true) return <NotYourHome home={home} />;
  return <RecordList key={home.id} home={home} config={props.config} access={access} user={user} />;
}
