// The staff dialog of one home (`home updateStaff`): for each staff type a searchable
// multi-select of the employees, names shown; each list that changed is queued as its
// own `{ id, staffIds, staffType }`. The queue's domain check words a wrong staff type
// ("Invalid staff type: ...") and the dialog shows it.

import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { STAFF_TYPES } from '@field/domain';
import type { ActiveHome, HomeWrites } from '../../data/homes';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';

export interface EmployeeOption {
  id: string;
  name: string;
  /** Inactive employees are offered no more, but stay shown where assigned. */
  active: boolean;
}

/** A home's list of one staff type (ids); none where the home has no such list. */
function staffOf(home: ActiveHome, staffType: string): string[] {
  // Safe: read as a plain record, the value checked below.
  const value = (home as Readonly<Record<string, unknown>>)[staffType];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}

export interface HomeStaffDialogProps {
  home: ActiveHome;
  writes: HomeWrites;
  employees: readonly EmployeeOption[];
  onClose: () => void;
  /** The staff types offered: the domain's six (a test may feed another). */
  staffTypes?: readonly string[];
}

export function HomeStaffDialog(props: HomeStaffDialogProps) {
  const { home, writes, employees, onClose, staffTypes = STAFF_TYPES } = props;
  const { t } = useTranslation();
  const { error, run } = useDialogSave(onClose);
  // Field names index by position: a staff type has spaces (and a wrong one anything).
  const form = useForm<{ lists: string[][] }>({
    defaultValues: { lists: staffTypes.map((type) => staffOf(home, type)) },
  });
  const names = new Map(employees.map((employee) => [employee.id, employee.name]));
  const offered = employees.filter((employee) => employee.active).map((employee) => employee.id);
  const offeredIds = new Set(offered);

  const save = form.handleSubmit(({ lists }) =>
    run(async () => {
      for (const [index, staffType] of staffTypes.entries()) {
        const chosen = lists[index] ?? [];
        if (!sameMembers(chosen, staffOf(home, staffType))) {
          await writes.updateStaff(home, staffType, chosen);
        }
      }
    }),
  );

  return (
    <FormDialog
      id="home-staff-form"
      title={t('manageHomes.staffTitle', { address: home.Address })}
      error={error}
      saveDisabled={form.formState.isSubmitting}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {staffTypes.map((staffType, index) => (
        <Controller
          key={staffType}
          name={`lists.${index}`}
          control={form.control}
          render={({ field }) => {
            const value = field.value;
            // Assigned people stay choosable even when inactive or unknown to the device.
            // In name order whatever is chosen, so a tap never moves the list under a finger.
            const options = [...offered, ...value.filter((id) => !offeredIds.has(id))];
            return (
              <Autocomplete
                data-staff-type={staffType}
                multiple
                // Chosen people stay in the list, ticked: a tap there (a full-width row)
                // takes one off again, easier on a phone than a chip's small cross.
                disableCloseOnSelect
                options={options}
                value={value}
                onChange={(_event, chosen) => field.onChange(chosen)}
                onBlur={field.onBlur}
                getOptionLabel={(id) => names.get(id) ?? id}
                renderOption={({ key, ...optionProps }, id, { selected }) => (
                  <li key={key} {...optionProps}>
                    <Checkbox
                      checked={selected}
                      tabIndex={-1}
                      disableRipple
                      sx={{ p: 0, mr: 1.5 }}
                      slotProps={{ input: { 'aria-hidden': true } }}
                    />
                    {names.get(id) ?? id}
                  </li>
                )}
                noOptionsText={t('manageHomes.noEmployees')}
                slotProps={{
                  listbox: { sx: { '& .MuiAutocomplete-option': { minHeight: 44 } } },
                  chip: { size: 'medium' },
                }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={staffType}
                    label={t(`fields.${staffType}`, { defaultValue: staffType })}
                    placeholder={value.length === 0 ? t('manageHomes.pickEmployees') : undefined}
                  />
                )}
              />
            );
          }}
        />
      ))}
    </FormDialog>
  );
}
