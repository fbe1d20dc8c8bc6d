// The inputs of a record form, one per kind of field a screen's configuration names: text,
// date, number, a choice, a checkbox, and rows (a repeated group such as a day's crews).
// The record screen (record-list-screen.tsx) lays them out and validates with the domain.

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { UserDocument } from '@field/domain';
import type { ActiveHome } from '../data/homes';
import { photosOf } from '../data/punch-items';
import type { NewPhoto } from '../data/punch-items';
import { PhotoPicker } from './photo-picker';
import { Thumbnail } from './photo-thumbnail';
import { TAP } from './touch';
import { fieldLabel } from './field-label';

/** What a screen's configuration may read: the home, the staff names and the user. */
export interface ScreenContext {
  home: ActiveHome;
  names: ReadonlyMap<string, string>;
  user: UserDocument;
  t: TFunction;
}

export interface FieldOption {
  value: string;
  label: string;
}

export interface RecordField {
  name: string;
  kind?:
    | 'text'
    | 'multiline'
    | 'email'
    | 'tel'
    | 'datetime'
    | 'date'
    | 'number'
    | 'checkbox'
    | 'select'
    | 'rows'
    | 'photos';
  options?: (ctx: ScreenContext) => FieldOption[];
  /** A hint under the field (e.g. why a list is empty). */
  hint?: (ctx: ScreenContext) => string | undefined;
  /** Rows: the fields of one row, and the values a new row starts with. */
  row?: {
    fields: readonly RecordField[];
    start: (ctx: ScreenContext) => Record<string, unknown>;
  };
}

/** `YYYY-MM-DDTHH:mm` in local time for a datetime-local input, from an ISO string. */
function toLocalInput(iso: unknown): string {
  const when = typeof iso === 'string' ? new Date(iso) : new Date(Number.NaN);
  if (Number.isNaN(when.getTime())) return '';
  return new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string {
  const when = new Date(value);
  return Number.isNaN(when.getTime()) ? '' : when.toISOString();
}

/** The value of a field nobody filled in. */
export function emptyValue(field: RecordField): unknown {
  if (field.kind === 'checkbox') return false;
  if (field.kind === 'rows' || field.kind === 'photos') return [];
  if (field.kind === 'number') return null;
  return '';
}

/** The message of a row's field, from the nested error the form keeps for a rows field. */
function rowError(error: unknown, index: number, name: string): string | undefined {
  const at = (value: unknown, key: string | number): unknown =>
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[key]
      : undefined;
  const message = at(at(at(error, index), name), 'message');
  return typeof message === 'string' ? message : undefined;
}

function RowsInput(props: {
  field: RecordField;
  label: string;
  value: unknown;
  error: unknown;
  onChange: (value: unknown) => void;
  ctx: ScreenContext;
}) {
  const { t } = useTranslation();
  const { field, label, ctx } = props;
  const rows: Record<string, unknown>[] = Array.isArray(props.value)
    ? props.value.filter((row): row is Record<string, unknown> => typeof row === 'object')
    : [];
  const rowFields = field.row?.fields ?? [];
  const set = (index: number, name: string, value: unknown) =>
    props.onChange(rows.map((row, i) => (i === index ? { ...row, [name]: value } : row)));
  return (
    <Stack spacing={1} role="group" aria-label={label} data-testid={`rows-${field.name}`}>
      <Typography variant="subtitle2">{label}</Typography>
      {rows.map((row, index) => (
        <Stack
          // Rows have no id of their own; their place names them while the form is open.
          key={index}
          direction="row"
          spacing={1}
          // On a phone a choice takes the whole line, so a vendor's name is not cut short.
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
          data-testid={`row-${field.name}`}
        >
          {rowFields.map((sub) => (
            <FieldInput
              key={sub.name}
              field={sub}
              value={row[sub.name]}
              error={rowError(props.error, index, sub.name)}
              onChange={(value) => set(index, sub.name, value)}
              onBlur={() => undefined}
              ctx={ctx}
              compact
            />
          ))}
          <IconButton
            sx={TAP}
            aria-label={t('records.removeRow', { label, number: index + 1 })}
            onClick={() => props.onChange(rows.filter((_row, i) => i !== index))}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button
          startIcon={<Add />}
          sx={TAP}
          onClick={() => props.onChange([...rows, field.row?.start(ctx) ?? {}])}
        >
          {t('records.addRow', { label })}
        </Button>
      </div>
    </Stack>
  );
}

/** Photos: those the record lists, and a picker for more (stored when the form is saved). */
function PhotosInput(props: { label: string; value: unknown; photos: PhotoChoice | undefined }) {
  const { t } = useTranslation();
  const listed = photosOf(props.value);
  const chosen = props.photos?.chosen ?? [];
  return (
    <Stack spacing={1} role="group" aria-label={props.label}>
      <Typography variant="subtitle2">{props.label}</Typography>
      {listed.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {listed.map((photo) => (
            <Thumbnail key={`${photo.collection}/${photo.key}`} photo={photo} state={undefined} />
          ))}
        </Stack>
      )}
      <PhotoPicker
        addLabel={t('records.addPhotos')}
        chosenLabel={
          chosen.length > 0 ? t('records.photosChosen', { count: chosen.length }) : undefined
        }
        photos={chosen}
        onChange={(next) => props.photos?.choose(next)}
      />
    </Stack>
  );
}

/** The photos a form has chosen on the device so far, kept beside its values. */
export interface PhotoChoice {
  chosen: readonly NewPhoto[];
  choose: (photos: NewPhoto[]) => void;
}

export function FieldInput(props: {
  field: RecordField;
  value: unknown;
  /** The field's message; for rows, the nested errors of its rows. */
  error: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  ctx: ScreenContext;
  /** Inside a row: shares the line with its neighbours. */
  compact?: boolean;
  /** Photos fields: the files chosen so far. */
  photos?: PhotoChoice;
}) {
  const { t } = useTranslation();
  const { field, value, ctx } = props;
  const error = typeof props.error === 'string' ? props.error : undefined;
  const label = fieldLabel(t, field.name);
  const hint = error ?? field.hint?.(ctx);
  if (field.kind === 'rows') {
    return <RowsInput {...props} label={label} />;
  }
  if (field.kind === 'photos') {
    return <PhotosInput label={label} value={value} photos={props.photos} />;
  }
  if (field.kind === 'checkbox') {
    return (
      <div>
        <FormControlLabel
          control={
            <Checkbox
              sx={{ p: 1.25 }}
              checked={value === true}
              onChange={(event) => props.onChange(event.target.checked)}
              onBlur={props.onBlur}
            />
          }
          label={label}
        />
        {error !== undefined && <FormHelperText error>{error}</FormHelperText>}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return (
    <TextField
      label={label}
      name={field.name}
      error={error !== undefined}
      helperText={hint}
      onBlur={props.onBlur}
      {...(props.compact === true
        ? {
            size: 'small',
            sx: { flex: field.kind === 'number' ? '0 0 6.5rem' : '1 1 12rem', minWidth: 0 },
          }
        : {})}
      {...(field.kind === 'datetime'
        ? {
            type: 'datetime-local',
            value: toLocalInput(text),
            onChange: (event) => props.onChange(fromLocalInput(event.target.value)),
            slotProps: { inputLabel: { shrink: true } },
          }
        : field.kind === 'date'
          ? {
              type: 'date',
              value: text.slice(0, 10),
              onChange: (event) => props.onChange(event.target.value),
              slotProps: { inputLabel: { shrink: true } },
            }
          : field.kind === 'number'
            ? {
                type: 'number',
                value: text,
                onChange: (event) => {
                  const raw = event.target.value;
                  props.onChange(raw === '' ? null : Number(raw));
                },
                slotProps: { htmlInput: { inputMode: 'decimal' } },
              }
            : {
                value: text,
                onChange: (event) => props.onChange(event.target.value),
                ...(field.kind === 'multiline' ? { multiline: true, minRows: 3 } : {}),
                ...(field.kind === 'email' ? { type: 'email' } : {}),
                ...(field.kind === 'tel' ? { type: 'tel' } : {}),
                ...(field.kind === 'select' ? { select: true } : {}),
              })}
    >
      {field.kind === 'select'
        ? (field.options?.(ctx) ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value} sx={{ minHeight: 44 }}>
              {option.label}
            </MenuItem>
          ))
        : undefined}
    </TextField>
  );
}
