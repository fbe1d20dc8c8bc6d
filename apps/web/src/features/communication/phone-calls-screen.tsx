// Phone calls logged on the selected home, newest first (`/collaboration/communication/
// phone-calls`): add, edit (notes, voicemail) and delete, all through the offline write
// queue, so they work without a connection. Each call shows its own sync state until
// the server has it.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { PHONE_CALL_UPDATE_SCOPE, RESOURCE_ACCESS, STAFF_TYPES, hasAccess } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useSelectedHome } from '../../data/homes';
import { useSignedIn } from '../../data/session';
import { useOfflineEngine } from '../../offline/react';
import { useEmployeeNames } from '../../data/records';
import { SelectHomeFirst } from '../../ui/home-records-screen';
import type { PhoneCallRecord } from './phone-calls-api';
import { addPhoneCall, deletePhoneCall, updatePhoneCall, usePhoneCalls } from './phone-calls-api';
import type { RecordSyncState } from '../../data/queued-records';
import { SyncStateChip, errorText } from '../../ui/sync-state-chip';
import { FormDialog } from '../../ui/form-dialog';

const TAP = { minHeight: 44, minWidth: 44 } as const;

interface StaffOption {
  id: string;
  label: string;
}

function staffOptions(home: ActiveHome, names: ReadonlyMap<string, string>): StaffOption[] {
  const options = new Map<string, StaffOption>();
  for (const type of STAFF_TYPES) {
    for (const id of home[type]) {
      if (!options.has(id)) {
        options.set(id, { id, label: `${names.get(id) ?? id} · ${type.replace(/ Staff$/, '')}` });
      }
    }
  }
  return [...options.values()];
}

/** `YYYY-MM-DDTHH:mm` of now, in local time, for a datetime-local input. */
function localNow(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function AddCallDialog(props: { home: ActiveHome; staff: StaffOption[]; onClose: () => void }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [date, setDate] = useState(localNow);
  const [staff, setStaff] = useState(props.staff[0]?.id ?? '');
  const [notes, setNotes] = useState('');
  const [voicemail, setVoicemail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(): Promise<void> {
    setSaving(true);
    setError(null);
    try {
      const when = new Date(date);
      await addPhoneCall(engine, props.home, {
        Date: Number.isNaN(when.getTime()) ? '' : when.toISOString(),
        Staff: staff,
        Notes: notes.trim(),
        Voicemail: voicemail,
      });
      props.onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      id="add-call-form"
      title={t('phoneCalls.addTitle')}
      error={error}
      saveDisabled={saving}
      saveLabel={t('phoneCalls.save')}
      cancelLabel={t('phoneCalls.cancel')}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      <TextField
        label={t('phoneCalls.date')}
        type="datetime-local"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label={t('phoneCalls.staff')}
        value={staff}
        onChange={(event) => setStaff(event.target.value)}
        helperText={props.staff.length === 0 ? t('phoneCalls.noStaff') : undefined}
      >
        {props.staff.map((option) => (
          <MenuItem key={option.id} value={option.id} sx={{ minHeight: 44 }}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('phoneCalls.notes')}
        value={notes}
        multiline
        minRows={3}
        onChange={(event) => setNotes(event.target.value)}
      />
      <FormControlLabel
        control={
          <Checkbox
            sx={{ p: 1.25 }}
            checked={voicemail}
            onChange={(event) => setVoicemail(event.target.checked)}
          />
        }
        label={t('phoneCalls.voicemail')}
      />
    </FormDialog>
  );
}

function EditCallDialog(props: { call: PhoneCallRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [notes, setNotes] = useState(props.call.Notes);
  const [voicemail, setVoicemail] = useState(props.call.Voicemail);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(): Promise<void> {
    setSaving(true);
    setError(null);
    try {
      await updatePhoneCall(engine, props.call, { Notes: notes.trim(), Voicemail: voicemail });
      props.onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      id="edit-call-form"
      title={t('phoneCalls.editTitle')}
      error={error}
      saveDisabled={saving}
      saveLabel={t('phoneCalls.save')}
      cancelLabel={t('phoneCalls.cancel')}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      <TextField
        label={t('phoneCalls.notes')}
        value={notes}
        multiline
        minRows={3}
        onChange={(event) => setNotes(event.target.value)}
      />
      <FormControlLabel
        control={
          <Checkbox
            sx={{ p: 1.25 }}
            checked={voicemail}
            onChange={(event) => setVoicemail(event.target.checked)}
          />
        }
        label={t('phoneCalls.voicemail')}
      />
    </FormDialog>
  );
}

function DeleteCallDialog(props: { call: PhoneCallRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="delete-call-title">
      <DialogTitle id="delete-call-title">{t('phoneCalls.deleteTitle')}</DialogTitle>
      <DialogContent>
        {error !== null && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{t('phoneCalls.deleteConfirm')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {t('phoneCalls.cancel')}
        </Button>
        <Button
          sx={TAP}
          color="error"
          variant="contained"
          onClick={() => {
            deletePhoneCall(engine, props.call).then(props.onClose, (caught: unknown) =>
              setError(errorText(caught)),
            );
          }}
        >
          {t('phoneCalls.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CallRow(props: {
  call: PhoneCallRecord;
  staffName: string;
  state: RecordSyncState | undefined;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { call } = props;
  const when = new Date(call.Date);
  return (
    <Box
      component="li"
      data-testid="phone-call"
      data-call-id={call.id}
      data-sync={props.state ?? 'synced'}
      sx={{ listStyle: 'none', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {Number.isNaN(when.getTime()) ? call.Date : when.toLocaleString()}
            </Typography>
            {call.Voicemail && <Chip size="small" label={t('phoneCalls.voicemail')} />}
            <SyncStateChip state={props.state} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {props.staffName}
          </Typography>
          <Typography
            variant="body2"
            data-testid="phone-call-notes"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {call.Notes}
          </Typography>
        </Box>
        {props.canEdit && (
          <IconButton
            sx={TAP}
            aria-label={t('phoneCalls.editLabel', { date: when.toLocaleString() })}
            onClick={props.onEdit}
          >
            <EditOutlined />
          </IconButton>
        )}
        {props.canDelete && (
          <IconButton
            sx={TAP}
            aria-label={t('phoneCalls.deleteLabel', { date: when.toLocaleString() })}
            onClick={props.onDelete}
          >
            <DeleteOutline />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}

type Open =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; call: PhoneCallRecord }
  | { kind: 'delete'; call: PhoneCallRecord };

function PhoneCalls(props: { home: ActiveHome }) {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const names = useEmployeeNames(hasAccess(access, ['collaboration_staff'], 'read'));
  const { records, states, query } = usePhoneCalls(props.home.id);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const canAdd = hasAccess(access, RESOURCE_ACCESS.phoneCalls.write, 'write');
  const canEdit = hasAccess(access, [PHONE_CALL_UPDATE_SCOPE], 'write');
  const staff = staffOptions(props.home, names);

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h2">{props.home.Address}</Typography>
        {canAdd && (
          <Button
            variant="contained"
            startIcon={<Add />}
            sx={TAP}
            onClick={() => setOpen({ kind: 'add' })}
          >
            {t('phoneCalls.add')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined">
        {records === undefined && query.isPending && <LinearProgress />}
        {query.error !== null && records === undefined && (
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
        {records !== undefined && records.length === 0 && (
          <Typography
            role="status"
            data-testid="phone-calls-empty"
            sx={{ p: 3, textAlign: 'center' }}
          >
            {t('phoneCalls.empty')}
          </Typography>
        )}
        {records !== undefined && records.length > 0 && (
          <Box
            component="ul"
            aria-label={t('nav.phone-calls')}
            data-testid="phone-calls"
            sx={{ m: 0, p: 0 }}
          >
            {records.map((call) => (
              <CallRow
                key={call.id}
                call={call}
                staffName={names.get(call.Staff) ?? call.Staff}
                state={states.get(call.id)}
                canEdit={canEdit}
                canDelete={canAdd}
                onEdit={() => setOpen({ kind: 'edit', call })}
                onDelete={() => setOpen({ kind: 'delete', call })}
              />
            ))}
          </Box>
        )}
      </Paper>
      {open.kind === 'add' && (
        <AddCallDialog home={props.home} staff={staff} onClose={() => setOpen({ kind: 'none' })} />
      )}
      {open.kind === 'edit' && (
        <EditCallDialog call={open.call} onClose={() => setOpen({ kind: 'none' })} />
      )}
      {open.kind === 'delete' && (
        <DeleteCallDialog call={open.call} onClose={() => setOpen({ kind: 'none' })} />
      )}
    </Stack>
  );
}

export function Component() {
  const home = useSelectedHome();
  if (home === null) return <SelectHomeFirst />;
  return <PhoneCalls key={home.id} home={home} />;
}
