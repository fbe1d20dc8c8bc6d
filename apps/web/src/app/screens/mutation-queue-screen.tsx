// The Mutation Queue (`/sync`): every write this device has not yet delivered, read live
// from the device database, with what it changes, its state, error and age, and what a
// waiting write waits for (the walk an item is on, a photo's bytes); Retry, Edit (failed
// writes, checked with the domain rules again) and Discard per write, and Sync now.

import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Sync from '@mui/icons-material/Sync';
import { MESSAGES, relativeTimeLabel } from '@field/domain';
import { useHomeAddresses } from '../../data/homes';
import { isIndexedDbSupported } from '../../offline/database';
import type { MutationRow } from '../../offline/database';
import type { MutationData } from '../../offline/mutation-handlers';
import { describeMutation, homesOfWrites, waitingFor } from '../../offline/mutation-view';
import { useOfflineEngine, useOnlineStatus, useQueuedMutations } from '../../offline/react';
import { ConflictPanel } from '../../ui/conflict-panel';
import { toast } from '../../lib/toast';
import { useNow } from '../../ui/use-now';
import { errorText } from '../../ui/error-text';
import { fieldLabel } from '../../ui/field-label';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';

import { TAP_HEIGHT as TAP } from '../../ui/touch';
const NOTHING: readonly MutationRow[] = [];

function dataOf(row: MutationRow): MutationData {
  // Safe: queued data is always a plain object (the queue stores what enqueue validated).
  return typeof row.data === 'object' && row.data !== null ? (row.data as MutationData) : {};
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A write as the list titles it: "Closing walk added". */
function writeLabel(t: TFunction, type: string, operation: string): string {
  return t('sync.change', {
    type: t(`sync.types.${type}`, { defaultValue: type }),
    operation: t(`sync.operations.${operation}`, { defaultValue: operation }),
  });
}

/** "Waits for: Closing walk added (failed), Photo or file uploaded", each label once. */
function waitsForText(t: TFunction, writes: readonly MutationRow[]): string {
  const labels = writes.map((row) => {
    const label = writeLabel(t, row.type, row.operation);
    return row.status === 'failed' ? t('syncWaits.failedWrite', { write: label }) : label;
  });
  return t('syncWaits.waitsFor', { writes: [...new Set(labels)].join(', ') });
}

/** Edits a failed write's fields: text, numbers and yes/no; lists and objects stay as they are. */
function EditDialog(props: { row: MutationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { queue } = useOfflineEngine();
  const [data, setData] = useState<MutationData>(() => ({ ...dataOf(props.row) }));
  const { error, saving, run } = useDialogSave(props.onClose);
  const save = () => run(() => queue.edit(props.row.id, data));

  return (
    <FormDialog
      id="edit-write-form"
      title={t('sync.editTitle')}
      error={error}
      saveDisabled={saving}
      saveLabel={t('sync.saveAndRetry')}
      cancelLabel={t('sync.cancel')}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      {Object.entries(data).map(([field, value]) => {
        if (field === 'id') return null;
        if (typeof value === 'boolean') {
          return (
            <FormControlLabel
              key={field}
              control={
                <Checkbox
                  sx={{ p: 1.25 }}
                  checked={value}
                  onChange={(event) => setData({ ...data, [field]: event.target.checked })}
                />
              }
              label={fieldLabel(t, field)}
            />
          );
        }
        if (typeof value === 'string' || typeof value === 'number') {
          return (
            <TextField
              key={field}
              label={fieldLabel(t, field)}
              value={String(value)}
              multiline={typeof value === 'string' && value.length > 40}
              onChange={(event) =>
                setData({
                  ...data,
                  [field]:
                    typeof value === 'number' && event.target.value.trim() !== ''
                      ? Number(event.target.value)
                      : event.target.value,
                })
              }
            />
          );
        }
        return (
          <TextField
            key={field}
            label={fieldLabel(t, field)}
            value={valueText(value)}
            slotProps={{ input: { readOnly: true } }}
          />
        );
      })}
    </FormDialog>
  );
}

function QueuedWrite(props: {
  row: MutationRow;
  now: number;
  /** The earlier writes it waits for (mutation-view.ts waitingFor). */
  waitsFor: readonly MutationRow[];
  /** The address of the home it is about, when known on the device. */
  address: string | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const { queue } = useOfflineEngine();
  const summary = describeMutation(props.row, props.now);
  const failed = summary.state === 'failed';

  async function run(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  return (
    <ListItem
      divider
      data-mutation-id={summary.id}
      data-status={props.row.status}
      data-testid="queued-write"
      sx={{ display: 'block', py: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {writeLabel(t, summary.type, summary.operation)}
        </Typography>
        <Chip
          size="small"
          color={
            failed || summary.state === 'conflict'
              ? summary.state === 'conflict'
                ? 'warning'
                : 'error'
              : summary.state === 'sending'
                ? 'info'
                : 'default'
          }
          label={t(`sync.state.${summary.state}`)}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          // A record is named by its home's address, which a user knows, and by its id only
          // where no home is known. A conflict shows the record's fields with both values
          // below, which name it better.
          summary.state === 'conflict'
            ? undefined
            : (props.address ??
              (summary.recordId === undefined
                ? undefined
                : t('sync.record', { id: summary.recordId }))),
          summary.fields.length > 0
            ? t('sync.fields', {
                // Each label once: a record may name its home in two fields (both "Home").
                fields: [...new Set(summary.fields.map((f) => fieldLabel(t, f)))].join(', '),
              })
            : '',
          relativeTimeLabel(props.row.timestamp, props.now),
          summary.retryCount > 0 ? t('sync.retries', { count: summary.retryCount }) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {summary.state === 'waiting' && props.waitsFor.length > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="queued-write-waits"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {waitsForText(t, props.waitsFor)}
        </Typography>
      )}
      {summary.state === 'conflict' && <ConflictPanel row={props.row} />}
      {summary.error !== undefined && summary.state !== 'conflict' && (
        <Typography
          variant="body2"
          color="error"
          data-testid="queued-write-error"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {summary.error}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {summary.state !== 'conflict' && (
          <Button
            size="small"
            variant="outlined"
            sx={TAP}
            onClick={() => void run(() => queue.retry(summary.id))}
          >
            {t('sync.retry')}
          </Button>
        )}
        {failed && (
          <Button size="small" variant="outlined" sx={TAP} onClick={props.onEdit}>
            {t('sync.edit')}
          </Button>
        )}
        <Button
          size="small"
          color="error"
          sx={TAP}
          onClick={() => void run(() => queue.discard(summary.id))}
        >
          {t('sync.discard')}
        </Button>
      </Stack>
    </ListItem>
  );
}

function QueueView() {
  const { t } = useTranslation();
  const { connection } = useOfflineEngine();
  const online = useOnlineStatus();
  const now = useNow(10_000);
  const mutations = useQueuedMutations();
  const waits = useMemo(() => waitingFor(mutations), [mutations]);
  const homes = useMemo(() => homesOfWrites(mutations), [mutations]);
  const addresses = useHomeAddresses();
  const [editing, setEditing] = useState<MutationRow | null>(null);
  const [syncing, setSyncing] = useState(false);
  const failed = mutations.filter((m) => m.status === 'failed').length;
  const conflicts = mutations.filter((m) => m.status === 'conflict').length;

  async function syncNow(): Promise<void> {
    setSyncing(true);
    try {
      await connection.syncNow();
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      setSyncing(false);
    }
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography role="status" data-testid="queue-summary">
          {t('sync.summary', { pending: mutations.length - failed - conflicts, failed, conflicts })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Sync />}
          sx={TAP}
          disabled={!online || syncing || mutations.length === 0}
          onClick={() => void syncNow()}
        >
          {t('sync.syncNow')}
        </Button>
      </Stack>
      {!online && <Alert severity="info">{t('sync.offlineNote')}</Alert>}
      {conflicts > 0 && (
        <Alert severity="warning" data-testid="queue-conflicts">
          {t('sync.conflicts', { count: conflicts })}
        </Alert>
      )}
      {mutations.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>{t('sync.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List data-testid="mutation-queue" disablePadding>
            {mutations.map((m) => (
              <QueuedWrite
                key={m.id}
                row={m}
                now={now}
                waitsFor={waits.get(m.id) ?? NOTHING}
                address={addresses?.get(homes.get(m.id) ?? '')}
                onEdit={() => setEditing(m)}
              />
            ))}
          </List>
        </Paper>
      )}
      {editing !== null && (
        <EditDialog key={editing.id} row={editing} onClose={() => setEditing(null)} />
      )}
      <Box />
    </Stack>
  );
}

export function Component() {
  if (!isIndexedDbSupported()) return <Alert severity="warning">{MESSAGES.noIndexedDb}</Alert>;
  return <QueueView />;
}
