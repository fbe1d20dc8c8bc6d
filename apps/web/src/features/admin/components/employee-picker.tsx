// The employee a user is linked to (their `fieldData.airtableId`): a searchable list of the
// employees, the one whose e-mail is the user's offered first and marked as the suggestion.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { employeeMatchesEmail, employeesForPicker } from '@field/domain';
import type { FieldRecord } from '../../../data/records';
import { textOf, useRecordList } from '../../../data/records';

interface EmployeeOption {
  id: string;
  Name: string;
  Email: string;
}

function toOption(record: FieldRecord): EmployeeOption {
  return { id: record.id, Name: textOf(record, 'Name'), Email: textOf(record, 'Email') };
}

export interface EmployeePickerProps {
  /** The user's e-mail: the employee with the same one is suggested. */
  email: string;
  value: string | null;
  onChange: (employeeId: string | null) => void;
}

export function EmployeePicker({ email, value, onChange }: EmployeePickerProps) {
  const { t } = useTranslation();
  const employees = useRecordList('employees');
  const options = useMemo(
    () => employeesForPicker((employees.data ?? []).map(toOption), email),
    [employees.data, email],
  );
  const selected = options.find((o) => o.id === value) ?? null;
  const suggestion = options.find((o) => employeeMatchesEmail(o, email));
  return (
    <Box>
      <Autocomplete
        options={options}
        value={selected}
        loading={employees.isPending}
        onChange={(_event, next) => onChange(next?.id ?? null)}
        getOptionLabel={(o) => (o.Email === '' ? o.Name : `${o.Name} · ${o.Email}`)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{option.Name}</span>
              <Typography variant="body2" color="text.secondary" component="span">
                {option.Email}
              </Typography>
              {option === suggestion && (
                <Chip size="small" color="primary" label={t('people.suggested')} />
              )}
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField {...params} label={t('people.employee')} placeholder={t('people.search')} />
        )}
      />
      {suggestion !== undefined && selected?.id !== suggestion.id && (
        <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('people.suggestion', { name: suggestion.Name })}
          </Typography>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t('people.useSuggestion')}
            onClick={() => onChange(suggestion.id)}
          />
        </Box>
      )}
    </Box>
  );
}
