// The parts of a walk form that only draw what they are given: the header, the walk's
// details, its punch items, the problems that keep it from being submitted and the sticky
// row of actions (its photos: walk-photos.tsx).

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import type { WalkFormDef, WalkFormField } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { PunchItem } from '../../data/punch-items';
import type { RecordSyncState } from '../../data/queued-records';
import type { FieldRecord } from '../../data/records';
import { HistoryButton } from '../../ui/history-button';
import { useHistoryChains } from './walk-amendment';
import { cellText } from '../../ui/record-table';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { useToastLift } from '../../ui/toast-lift';
import { TAP } from '../../ui/touch';
import type { RaisedItem, WalkFormState, WalkProblems } from './walk-form-state';
import { homeStaff } from './walk-form-state';
import { WalkSection } from './walk-section';

export function WalkFormHeader(props: {
  def: WalkFormDef;
  home: ActiveHome;
  walk: FieldRecord | undefined;
  /** The form's walks, for the history of a signed walk and its amendments together. */
  walks: readonly FieldRecord[] | undefined;
  /** A new walk's amendment number, when it amends a signed walk. */
  amendment?: number | undefined;
  syncState: RecordSyncState | undefined;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { walk, home } = props;
  const chain = useHistoryChains(props.walks)(walk?.id ?? '');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={t('walkForm.back')} onClick={props.onBack} sx={TAP}>
        <ArrowBack />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {walk !== undefined
            ? t('walkForm.walkOf', { date: cellText(walk['date']) })
            : props.amendment === undefined
              ? t('walkForm.newWalk')
              : t('walkForm.amendment.newTitle', { number: props.amendment })}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {home.Address} · {home.HomeID}
        </Typography>
      </Box>
      <SyncStateChip
        state={props.syncState}
        {...(walk === undefined ? {} : { recordId: walk.id })}
      />
      {walk !== undefined && (
        <HistoryButton
          kind={props.def.kind}
          recordId={walk.id}
          label={t('walkForm.walkOf', { date: cellText(walk['date']) })}
          chain={chain}
        />
      )}
    </Stack>
  );
}

/** Date, who walks, the customer service staff member where the form asks, and notes. */
export function WalkDetails(props: {
  def: WalkFormDef;
  home: ActiveHome;
  state: WalkFormState;
  walkerName: string;
  names: ReadonlyMap<string, string>;
  fieldError: (field: WalkFormField) => string | undefined;
  presentation: boolean;
  disabled: boolean;
  onChange: (change: Partial<WalkFormState>) => void;
}) {
  const { t } = useTranslation();
  const { state, fieldError, disabled } = props;
  const staffOptions = homeStaff(props.home);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('fields.date')}
            type="date"
            required
            value={state.date.slice(0, 10)}
            disabled={disabled}
            error={fieldError('date') !== undefined}
            helperText={fieldError('date')}
            onChange={(event) => {
              const day = event.target.value;
              props.onChange({
                date: day === '' ? '' : `${day}${state.date.slice(10) || 'T12:00:00.000Z'}`,
              });
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          />
          <TextField
            label={t('fields.user')}
            value={props.walkerName}
            disabled
            error={fieldError('user') !== undefined}
            helperText={fieldError('user')}
            sx={{ flex: 1 }}
          />
        </Stack>
        {props.def.extraFields.includes('customerServiceStaff') && (
          <TextField
            select
            required
            label={t('walkForm.customerServiceStaff')}
            value={state.customerServiceStaff}
            disabled={disabled}
            error={fieldError('customerServiceStaff') !== undefined}
            helperText={fieldError('customerServiceStaff') ?? t('walkForm.customerServiceHint')}
            onChange={(event) => props.onChange({ customerServiceStaff: event.target.value })}
            data-testid="customer-service-staff"
          >
            {staffOptions.length === 0 && (
              <MenuItem value="" disabled>
                {t('walkForm.noStaff')}
              </MenuItem>
            )}
            {staffOptions.map((id) => (
              <MenuItem key={id} value={id} sx={TAP}>
                {props.names.get(id) ?? id}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!props.presentation && (
          <TextField
            label={t('walkForm.notes')}
            value={state.notes}
            multiline
            minRows={2}
            disabled={disabled}
            onChange={(event) => props.onChange({ notes: event.target.value })}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The punch items on the walk (with their sync state) and those raised now, removable. */
export function WalkItems(props: {
  onWalk: readonly PunchItem[];
  states: ReadonlyMap<string, RecordSyncState>;
  raised: readonly RaisedItem[];
  disabled: boolean;
  onRemove: (item: RaisedItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <WalkSection title={t('walkForm.items')} spacing={1}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="walk-items">
        {props.onWalk.map((item) => (
          <li
            key={item.id}
            data-testid="walk-item"
            data-sync={props.states.get(item.id) ?? 'synced'}
          >
            <Typography component="span">
              {item.Name} — {item.Category}, {item.Location} ({item.Status})
            </Typography>{' '}
            <SyncStateChip state={props.states.get(item.id)} recordId={item.id} />
          </li>
        ))}
        {props.raised.map((item) => (
          <li key={item.key} data-testid="walk-item" data-sync="unsaved">
            <Typography component="span">
              {item.Name} — {item.Category}, {item.Location}
            </Typography>{' '}
            <Typography component="span" variant="body2" color="warning.main">
              {t('walkForm.itemOnSubmit')}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('walkForm.removeItem', { name: item.Name })}
              onClick={() => props.onRemove(item)}
              disabled={props.disabled}
              sx={TAP}
            >
              <Close fontSize="small" />
            </IconButton>
          </li>
        ))}
      </Box>
      {props.onWalk.length + props.raised.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('walkForm.noItems')}
        </Typography>
      )}
    </WalkSection>
  );
}

/** Why the walk was not submitted: the error, and each missing field. */
export function WalkFormError(props: { error: string; problems: WalkProblems }) {
  const { t } = useTranslation();
  const { missing, buyerNameMissing } = props.problems;
  return (
    <Alert severity="error" role="alert" data-testid="walk-form-error">
      {props.error}
      {(missing.length > 0 || buyerNameMissing) && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {missing.map((field) => (
            <li key={field}>{t(`walkForm.required.${field}`)}</li>
          ))}
          {buyerNameMissing && <li>{t('walkForm.buyerNameRequired')}</li>}
        </Box>
      )}
    </Alert>
  );
}

/** The sticky row: when the draft was last kept, Cancel, Save draft and Submit. */
export function WalkFormActions(props: {
  isNew: boolean;
  lastSaved: number | undefined;
  saving: boolean;
  draftSaving: boolean;
  onCancel: () => void;
  onSaveDraft: () => void;
}) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  useToastLift(bar);
  return (
    <Paper
      ref={bar}
      elevation={6}
      sx={{
        position: 'sticky',
        bottom: 0,
        mx: -1,
        p: 1.5,
        display: 'flex',
        gap: 1,
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        zIndex: 2,
      }}
    >
      {props.lastSaved !== undefined && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ alignSelf: 'center', mr: 'auto' }}
          data-testid="draft-saved"
        >
          {t('walkForm.draftSaved', {
            time: new Date(props.lastSaved).toLocaleTimeString([], {
              hour: '2-digit',
              minute: '2-digit',
            }),
          })}
        </Typography>
      )}
      <Button sx={TAP} onClick={props.onCancel}>
        {t('records.cancel')}
      </Button>
      <Button
        sx={TAP}
        variant="outlined"
        disabled={props.saving || props.draftSaving}
        onClick={props.onSaveDraft}
        data-testid="save-draft"
      >
        {t('walkForm.saveDraft')}
      </Button>
      <Button
        sx={TAP}
        type="submit"
        variant="contained"
        disabled={props.saving}
        data-testid="submit-walk"
      >
        {props.isNew ? t('walkForm.submit') : t('walkForm.saveChanges')}
      </Button>
    </Paper>
  );
}

/** What the submit is doing: saving the walk, or making its PDF. */
export function WalkFormSaving(props: { saving: 'walk' | 'pdf' }) {
  const { t } = useTranslation();
  return (
    <Box role="status">
      <LinearProgress />
      <Typography variant="body2">
        {t(props.saving === 'pdf' ? 'walkForm.makingPdf' : 'walkForm.saving')}
      </Typography>
    </Box>
  );
}
