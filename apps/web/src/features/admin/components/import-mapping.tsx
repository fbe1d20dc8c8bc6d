// The column mapping of an import: for each field of the entity, the file's column that
// fills it (or none). Required fields are marked; the server remembers the last choice.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ImportEntity, ImportMapping } from '@field/domain';
import { IMPORT_FIELDS } from '@field/domain';

const NONE = '';

export function ImportMappingForm(props: {
  entity: ImportEntity;
  columns: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation();
  const { entity, columns, mapping, onChange } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
      }}
    >
      {IMPORT_FIELDS[entity].map((field) => (
        <TextField
          key={field.name}
          select
          size="small"
          label={field.name}
          required={field.required}
          value={mapping[field.name] ?? NONE}
          onChange={(event) =>
            onChange({
              ...mapping,
              [field.name]: event.target.value === NONE ? null : event.target.value,
            })
          }
          error={field.required && (mapping[field.name] ?? null) === null}
          helperText={
            field.required && (mapping[field.name] ?? null) === null
              ? t('import.chooseColumn')
              : undefined
          }
        >
          <MenuItem value={NONE}>
            <em>{t('import.notImported')}</em>
          </MenuItem>
          {columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
