// The add and edit dialog of a company record (an employee, a vendor, a home added by
// hand): its fields checked with the domain's form schema (the add's required fields on an
// edit too), and a record another one already holds by its natural key (an e-mail, a
// vendor's name and trade, a HomeID) refused under the field before anything is queued.
// An edit saves only the fields that changed.

import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Resource } from '@field/domain';
import { duplicateMessage, duplicateOf, recordFormSchema, resourceDef } from '@field/domain';
import type { FieldRecord } from '../../data/records';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';

export interface CompanyField {
  name: string;
  kind?: 'text' | 'email' | 'tel' | 'select';
  /** A select's values (shown as they are: roles are the company's words). */
  options?: readonly string[];
}

type Values = Record<string, unknown>;

export interface CompanyRecordDialogProps {
  resource: Resource;
  /** The start of the form's id (`{formId}-add-form`); the labels are the shared `fields`. */
  formId: string;
  title: string;
  fields: readonly CompanyField[];
  /** The record edited; absent for an add. */
  record?: FieldRecord;
  /** The records a new natural key is checked against (the list on screen). */
  records: readonly FieldRecord[] | undefined;
  /** Queues the add (every field) or the change (the changed fields only). */
  onSave: (values: Values) => Promise<void>;
  onClose: () => void;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The fields whose value differs from the record's: what an edit sends. */
function changedValues(record: FieldRecord, values: Values): Values {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => text(record[name]) !== value),
  );
}

export function CompanyRecordDialog(props: CompanyRecordDialogProps) {
  const { t } = useTranslation();
  const { resource, fields, record, records } = props;
  const { error, run } = useDialogSave(props.onClose);
  const names = fields.map((field) => field.name);
  const operation = record === undefined ? 'submit' : 'update';
  const schema = useMemo(
    () => recordFormSchema(resource, operation, names, 'submit'),
    // The fields of a dialog are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, operation],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(names.map((name) => [name, text(record?.[name])])),
  });
  const save = form.handleSubmit((values) => {
    const merged = { ...record, ...values, id: record?.id ?? '' };
    if (duplicateOf(resource, records ?? [], merged) !== undefined) {
      const key = resourceDef(resource).naturalKey?.[0] ?? names[0] ?? '';
      form.setError(key, { message: duplicateMessage(resource, values) });
      return;
    }
    const changes = record === undefined ? values : changedValues(record, values);
    return run(() =>
      Object.keys(changes).length === 0 ? Promise.resolve() : props.onSave(changes),
    );
  });
  return (
    <FormDialog
      id={`${props.formId}-${operation}-form`}
      title={props.title}
      error={error}
      saveDisabled={form.formState.isSubmitting}
      onSubmit={() => void save()}
      onClose={props.onClose}
    >
      {fields.map((field) => (
        <Controller
          key={field.name}
          name={field.name}
          control={form.control}
          render={({ field: input, fieldState }) => (
            <TextField
              label={t(`fields.${field.name}`)}
              name={field.name}
              inputRef={input.ref}
              value={text(input.value)}
              onChange={(event) => input.onChange(event.target.value)}
              onBlur={input.onBlur}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              fullWidth
              {...(field.kind === 'email' || field.kind === 'tel' ? { type: field.kind } : {})}
              {...(field.kind === 'select' ? { select: true } : {})}
            >
              {field.options?.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ))}
    </FormDialog>
  );
}
