// The edit dialog of one home (`home update`): its fields but the ids, checked with the
// domain's form schema (errors under the field), and only the fields that changed queued.

import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { recordFormSchema } from '@field/domain';
import type { ActiveHome, HomeWrites } from '../../data/homes';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';

/** The fields a home update may change here (docs/entities.md; not its ids, not its staff). */
const HOME_EDIT_FIELDS = [
  { name: 'Address' },
  { name: 'Status' },
  { name: 'KOVA Status' },
  { name: 'Community' },
  { name: 'Lot' },
  { name: 'Plan' },
  { name: 'Construction Start', date: true },
  { name: 'Projected Close', date: true },
] as const satisfies ReadonlyArray<{ name: keyof ActiveHome; date?: boolean }>;

type EditField = (typeof HOME_EDIT_FIELDS)[number]['name'];
type Values = Record<string, unknown>;

const NAMES: readonly EditField[] = HOME_EDIT_FIELDS.map((field) => field.name);
const isDate = (name: string): boolean =>
  HOME_EDIT_FIELDS.some((field) => field.name === name && 'date' in field);

/** A stored date (ISO date or date-time) as a date input shows it; null as empty. */
function dayOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

function initialValues(home: ActiveHome): Values {
  return Object.fromEntries(NAMES.map((name) => [name, home[name]]));
}

/** The fields whose value differs from the home's: the body of `field_homes/update`. */
function changedFields(home: ActiveHome, values: Values): Values {
  const changes: Values = {};
  for (const name of NAMES) {
    const before = home[name];
    const after = values[name];
    const same = isDate(name) ? dayOf(before) === dayOf(after) : before === after;
    if (!same) changes[name] = after;
  }
  return changes;
}

export interface HomeEditDialogProps {
  home: ActiveHome;
  writes: HomeWrites;
  onClose: () => void;
}

export function HomeEditDialog({ home, writes, onClose }: HomeEditDialogProps) {
  const { t } = useTranslation();
  const { error, run } = useDialogSave(onClose);
  const schema = useMemo(() => recordFormSchema('homes', 'update', NAMES), []);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(home),
  });
  const save = form.handleSubmit((values) =>
    run(async () => {
      const changes = changedFields(home, values);
      if (Object.keys(changes).length > 0) await writes.update(home, changes);
    }),
  );
  return (
    <FormDialog
      id="home-edit-form"
      title={t('manageHomes.editTitle', { address: home.Address })}
      error={error}
      saveDisabled={form.formState.isSubmitting}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {HOME_EDIT_FIELDS.map(({ name }) => (
        <Controller
          key={name}
          name={name}
          control={form.control}
          render={({ field, fieldState }) => {
            const message = fieldState.error?.message;
            const common = {
              label: t(`fields.${name}`),
              name,
              inputRef: field.ref,
              onBlur: field.onBlur,
              error: message !== undefined,
              helperText: message,
              fullWidth: true,
            };
            return isDate(name) ? (
              <TextField
                {...common}
                type="date"
                value={dayOf(field.value)}
                // An emptied date is no date (null), not an empty text.
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? null : event.target.value)
                }
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: '1900-01-01', max: '2199-12-31' },
                }}
              />
            ) : (
              <TextField
                {...common}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
              />
            );
          }}
        />
      ))}
    </FormDialog>
  );
}
