// An item's trade in its dialog: the vendor (picked by name, from the device's vendor
// list), the due date and the priority.

import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ITEM_PRIORITIES } from '@field/domain';
import type { VendorContact } from '../../data/item-vendors';
import type { ItemTrade } from '../../data/punch-items';

export function ItemTradeFields(props: {
  value: ItemTrade;
  vendors: readonly VendorContact[];
  /** The item's vendor when it is no longer a choice (archived). */
  current: VendorContact | undefined;
  onChange: (value: ItemTrade) => void;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const options =
    props.current !== undefined && !props.vendors.some((v) => v.id === props.current?.id)
      ? [props.current, ...props.vendors]
      : props.vendors;
  const selected = options.find((vendor) => vendor.id === value.Vendor) ?? null;
  return (
    <>
      <Autocomplete
        options={options}
        value={selected}
        onChange={(_event, next) => props.onChange({ ...value, Vendor: next?.id ?? null })}
        getOptionLabel={(vendor) => vendor.Name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={({ key, ...optionProps }, vendor) => (
          <li key={key} {...optionProps}>
            <Box>
              <span>{vendor.Name}</span>
              <Typography variant="body2" color="text.secondary">
                {vendor.Trade}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('punchItems.vendor')}
            placeholder={t('punchItems.vendorSearch')}
          />
        )}
      />
      {/* Side by side from a tablet up; on a phone the date's "mm/dd/yyyy" needs the width. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={t('punchItems.dueDate')}
          value={value['Due Date'] ?? ''}
          onChange={(event) => props.onChange({ ...value, 'Due Date': event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label={t('punchItems.priority')}
          value={value.Priority}
          onChange={(event) => props.onChange({ ...value, Priority: event.target.value })}
          sx={{ flex: 1 }}
        >
          {ITEM_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority} sx={{ minHeight: 44 }}>
              {t(`punchItems.priorities.${priority}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </>
  );
}
