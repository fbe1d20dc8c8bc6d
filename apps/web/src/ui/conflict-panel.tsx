// A write the server refused because someone else changed the same record (a conflict,
// domain conflicts.ts): field by field, mine and theirs with who changed theirs and when,
// and the choice: keep mine, take theirs, or pick per field. The choice replaces the
// parked write with a new one based on the current record (queue.resolve). Shown in the
// Mutation Queue and from the record itself.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConflictChoice } from '@field/domain';
import { relativeTimeLabel } from '@field/domain';
import { photosOf } from '../data/punch-items';
import type { MutationRow } from '../offline/database';
import { useOfflineEngine } from '../offline/react';
import { errorText } from './error-text';
import { fieldLabel } from './field-label';
import { useNow } from './use-now';

import { TAP_HEIGHT as TAP } from './touch';

/** A field value as text: empty shows as a dash, lists and objects as JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const files = photosOf(value);
  if (Array.isArray(value) && value.length > 0 && files.length === value.length) {
    // Photos and other files: their names, not their storage references.
    return files.map((file) => file.name ?? file.key.split('/').at(-1) ?? file.key).join(', ');
  }
  return JSON.stringify(value);
}

export function ConflictPanel(props: { row: MutationRow; onResolved?: () => void }) {
  const { t } = useTranslation();
  const { queue } = useOfflineEngine();
  const conflict = props.row.conflict;
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow();
  if (conflict === undefined) return null;
  const isDelete = conflict.operation === 'delete';

  async function resolve(choose: (field: string) => ConflictChoice): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await queue.resolve(props.row.id, choose);
      props.onResolved?.();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const who = (field: { changedBy?: { name: string }; changedAt?: string }) =>
    field.changedBy === undefined
      ? t('conflicts.changedByOther')
      : t('conflicts.changedBy', {
          name: field.changedBy.name,
          when:
            field.changedAt === undefined
              ? ''
              : relativeTimeLabel(Date.parse(field.changedAt), now),
        });

  return (
    <Box data-testid="conflict" data-conflict-id={props.row.id} sx={{ mt: 1 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {props.row.error ?? t('conflicts.title')}
        {isDelete && conflict.changedBy !== undefined && <> {who(conflict)}</>}
      </Alert>
      {error !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={1}>
        {conflict.fields.map((field) => (
          <Box
            key={field.field}
            data-testid="conflict-field"
            data-field={field.field}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }}>{fieldLabel(t, field.field)}</Typography>
            {isDelete ? (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('conflicts.theirs')}:{' '}
                <span data-testid="theirs">{shownValue(field.theirs)}</span> · {who(field)}
              </Typography>
            ) : (
              <RadioGroup
                value={choices[field.field] ?? ''}
                onChange={(event) =>
                  setChoices({
                    ...choices,
                    [field.field]: event.target.value === 'theirs' ? 'theirs' : 'mine',
                  })
                }
              >
                <FormControlLabel
                  value="mine"
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Typography variant="body2" sx={{ pt: 1, overflowWrap: 'anywhere' }}>
                      {t('conflicts.mine')}:{' '}
                      <span data-testid="mine">{shownValue(field.mine)}</span>
                    </Typography>
                  }
                />
                <FormControlLabel
                  value="theirs"
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Typography variant="body2" sx={{ pt: 1, overflowWrap: 'anywhere' }}>
                      {t('conflicts.theirs')}:{' '}
                      <span data-testid="theirs">{shownValue(field.theirs)}</span>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' · '}
                        <span data-testid="changed-by">{who(field)}</span>
                      </Typography>
                    </Typography>
                  }
                />
              </RadioGroup>
            )}
          </Box>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          size="small"
          variant="contained"
          sx={TAP}
          disabled={busy}
          onClick={() => void resolve(() => 'mine')}
        >
          {t(isDelete ? 'conflicts.deleteAnyway' : 'conflicts.keepMine')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          sx={TAP}
          disabled={busy}
          onClick={() => void resolve(() => 'theirs')}
        >
          {t(isDelete ? 'conflicts.keepRecord' : 'conflicts.takeTheirs')}
        </Button>
        {!isDelete && (
          <Button
            size="small"
            variant="outlined"
            sx={TAP}
            disabled={busy || conflict.fields.some((f) => choices[f.field] === undefined)}
            onClick={() => void resolve((field) => choices[field] ?? 'mine')}
          >
            {t('conflicts.applyChoice')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The conflicts of one record, from the record's own screen. */
export function ConflictDialog(props: { rows: readonly MutationRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="conflict-title">
      <DialogTitle id="conflict-title">{t('conflicts.title')}</DialogTitle>
      <DialogContent>
        {props.rows.map((row) => (
          <ConflictPanel key={row.id} row={row} />
        ))}
        {props.rows.length === 0 && <Typography>{t('conflicts.resolved')}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {t('conflicts.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
