// The filters of the items across homes: a search field (uncontrolled, as the home
// picker's: a keystroke only paints the field, the list follows after the frame), and
// vendor, status, walk type, category, overdue and the order.

import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import type { WalkType } from '@field/domain';
import type { VendorContact } from '../../../data/item-vendors';
import type { ItemFilters, ItemSort } from './item-filters';
import { ITEM_SORTS, NO_FILTERS, STATUS_FILTERS } from './item-filters';
import { TAP } from '../../../ui/touch';

/** The filters as they start; the button counts those changed. */
const START = {
  vendor: NO_FILTERS.vendor,
  status: NO_FILTERS.status,
  overdue: NO_FILTERS.overdue,
  walk: NO_FILTERS.walk,
  category: NO_FILTERS.category,
} as const;

/** A select of the filter bar, its options a menu (44 px touch targets). */
function Choice(props: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 0 }}
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ minHeight: 44 }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Memoised: a keystroke renders the screen, not the selects. */
export const AcrossFilters = memo(function AcrossFilters(props: {
  filters: Omit<ItemFilters, 'text'>;
  sort: ItemSort;
  vendors: readonly VendorContact[];
  walkTypes: readonly WalkType[];
  categories: readonly string[];
  onText: (text: string) => void;
  onChange: (filters: Omit<ItemFilters, 'text'>) => void;
  onSort: (sort: ItemSort) => void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  const set = (change: Partial<ItemFilters>) => props.onChange({ ...filters, ...change });
  const any = { value: 'any', label: t('acrossHomes.any') };
  // On a phone the selects fold away behind a button (the list keeps the screen).
  const [open, setOpen] = useState(false);
  const changed = (Object.keys(START) as Array<keyof typeof START>).filter(
    (key) => filters[key] !== START[key],
  ).length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('acrossHomes.search')}
          defaultValue=""
          autoComplete="off"
          onChange={(event) => props.onText(event.target.value)}
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          sx={{ ...TAP, display: { md: 'none' }, flexShrink: 0 }}
          startIcon={<FilterList />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {changed === 0
            ? t('acrossHomes.filters')
            : t('acrossHomes.filtersChanged', { count: changed })}
        </Button>
      </Box>
      <Box
        sx={{
          display: { xs: open ? 'grid' : 'none', md: 'grid' },
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, minmax(0, 1fr))' },
          alignItems: 'center',
        }}
      >
        <Choice
          label={t('punchItems.vendor')}
          value={filters.vendor}
          options={[
            any,
            { value: 'none', label: t('acrossHomes.noVendor') },
            ...props.vendors.map((vendor) => ({ value: vendor.id, label: vendor.Name })),
          ]}
          onChange={(vendor) => set({ vendor })}
        />
        <Choice
          label={t('acrossHomes.status')}
          value={filters.status}
          options={STATUS_FILTERS.map((status) => ({
            value: status,
            label: t(`acrossHomes.statusFilters.${status}`),
          }))}
          onChange={(status) => {
            const next = STATUS_FILTERS.find((s) => s === status);
            if (next !== undefined) set({ status: next });
          }}
        />
        <Choice
          label={t('acrossHomes.walk')}
          value={filters.walk}
          options={[
            any,
            ...props.walkTypes.map((type) => ({ value: type, label: t(`nav.items-${type}`) })),
          ]}
          onChange={(walk) => set({ walk: props.walkTypes.find((w) => w === walk) ?? 'any' })}
        />
        <Choice
          label={t('acrossHomes.category')}
          value={filters.category}
          options={[any, ...props.categories.map((c) => ({ value: c, label: c }))]}
          onChange={(category) => set({ category })}
        />
        <Choice
          label={t('acrossHomes.sort')}
          value={props.sort}
          options={ITEM_SORTS.map((sort) => ({
            value: sort,
            label: t(`acrossHomes.sorts.${sort}`),
          }))}
          onChange={(sort) => props.onSort(ITEM_SORTS.find((s) => s === sort) ?? 'due')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={filters.overdue}
              onChange={(event) => set({ overdue: event.target.checked })}
            />
          }
          label={t('acrossHomes.overdueOnly')}
          sx={{ m: 0, minHeight: 44 }}
        />
      </Box>
    </Box>
  );
});
