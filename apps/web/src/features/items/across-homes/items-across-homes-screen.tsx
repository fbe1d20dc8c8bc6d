// Items across my homes (`/items/across-homes`): the items of every home the user carries,
// from the device (offline), filtered by vendor, status, overdue, walk type, category and
// text, sorted by due date or home; select items and assign them a vendor, set their due
// date or complete them, each item written by itself through the queue. A home's own
// items list stays at `/homes/items/...`. A keystroke paints the field first; the list is
// filtered after that frame, in slices (item-filters.ts), so 200,000 items stay smooth.

import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WALK_TYPES, localDay } from '@field/domain';
import { canReadItemType } from '../../../data/home-items';
import { useActiveHomes } from '../../../data/homes';
import type { VendorContact } from '../../../data/item-vendors';
import { useItemVendors } from '../../../data/item-vendors';
import { useItemsAcrossHomes } from '../../../data/items-across-homes';
import type { PunchItem } from '../../../data/punch-items';
import { useSignedIn } from '../../../data/session';
import { TAP } from '../../../ui/touch';
import type { ListSubject } from '../lists/item-list-export';
import { ListExport } from '../lists/list-export';
import { useNow } from '../../../ui/use-now';
import type { RowLookups } from './across-list';
import { AcrossList } from './across-list';
import { AcrossFilters } from './across-filters';
import type { BulkActionId } from './bulk-actions';
import { BULK_ACTIONS, BulkDialog, isOffered, itemsFor } from './bulk-actions';
import type { ItemFilters, ItemSort } from './item-filters';
import { NO_FILTERS, categoriesOf } from './item-filters';
import { useShownItems } from './use-shown-items';

type OtherFilters = Omit<ItemFilters, 'text'>;
const START: OtherFilters = {
  vendor: NO_FILTERS.vendor,
  status: NO_FILTERS.status,
  overdue: NO_FILTERS.overdue,
  walk: NO_FILTERS.walk,
  category: NO_FILTERS.category,
};

function useLookups(vendorName: (id: string) => string | undefined): RowLookups {
  const { t } = useTranslation();
  const { data: homes } = useActiveHomes();
  const today = localDay(new Date(useNow()));
  const addresses = useMemo(
    () => new Map((homes ?? []).map((home) => [home.id, home.Address])),
    [homes],
  );
  const addressOf = useCallback((id: string | null) => addresses.get(id ?? '') ?? '', [addresses]);
  return useMemo(
    () => ({
      today,
      addressOf,
      vendorNameOf: (id: string | null) => (id === null ? '' : (vendorName(id) ?? '')),
      walkName: (walk: string) => t(`nav.items-${walk}`),
    }),
    [today, addressOf, vendorName, t],
  );
}

/** Filtered by one vendor, the list is that trade's punch list. */
function exportSubject(vendor: VendorContact | undefined): ListSubject {
  return vendor === undefined ? { kind: 'filtered' } : { kind: 'vendor', vendor };
}

export function Component() {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const across = useItemsAcrossHomes(access);
  const vendors = useItemVendors(access);
  const vendorName = useCallback((id: string) => vendors.byId.get(id)?.Name, [vendors]);
  const lookups = useLookups(vendorName);
  // `?vendor=` (a vendor's items, linked from the vendors page) starts filtered by it.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<OtherFilters>(() => ({
    ...START,
    vendor: params.get('vendor') ?? START.vendor,
  }));
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ItemSort>('due');
  const allFilters = useMemo(() => ({ ...filters, text }), [filters, text]);
  const shown = useShownItems(across.items, allFilters, sort, lookups);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [action, setAction] = useState<BulkActionId | null>(null);
  const walkTypes = useMemo(
    () => WALK_TYPES.filter((type) => canReadItemType(access, type)),
    [access],
  );
  const categories = useMemo(() => categoriesOf(across.items ?? []), [across.items]);
  // The field paints its key; the filtering waits for that frame (useShownItems).
  const onText = useCallback((value: string) => setText(value), []);
  const onToggle = useCallback((item: PunchItem) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });
  }, []);

  // The actions act on the selected items the filters show (a hidden one is left alone).
  const selectedShown = useMemo(
    () => (shown ?? []).filter((item) => selected.has(item.id)),
    [shown, selected],
  );
  const chosen = useMemo(
    () => (action === null ? [] : itemsFor(action, selectedShown, access)),
    [action, selectedShown, access],
  );
  const allShownSelected =
    shown !== undefined && shown.length > 0 && selectedShown.length === shown.length;

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          data-testid="across-count"
        >
          {shown === undefined
            ? t('acrossHomes.reading')
            : t('acrossHomes.count', {
                count: shown.length,
                homes: across.homesOnDevice,
                carried: across.homes,
              })}
        </Typography>
        <ListExport
          items={shown}
          subject={exportSubject(vendors.byId.get(filters.vendor))}
          lookups={lookups}
        />
      </Stack>
      <AcrossFilters
        filters={filters}
        sort={sort}
        vendors={vendors.choices}
        walkTypes={walkTypes}
        categories={categories}
        onText={onText}
        onChange={setFilters}
        onSort={setSort}
      />
      <Paper
        variant="outlined"
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1, py: 0.5 }}
        data-testid="bulk-bar"
      >
        <FormControlLabel
          sx={{ m: 0, minHeight: 44 }}
          control={
            <Checkbox
              checked={allShownSelected}
              indeterminate={!allShownSelected && selectedShown.length > 0}
              disabled={shown === undefined || shown.length === 0}
              onChange={() =>
                setSelected(allShownSelected ? new Set() : new Set((shown ?? []).map((i) => i.id)))
              }
            />
          }
          label={t('acrossHomes.selected', { count: selectedShown.length })}
        />
        <Box sx={{ flex: 1 }} />
        {BULK_ACTIONS.map((def) => (
          <Button
            key={def.id}
            sx={TAP}
            startIcon={def.icon}
            disabled={!isOffered(def, selectedShown, access)}
            onClick={() => setAction(def.id)}
          >
            {t(`acrossHomes.bulk.${def.id}`)}
          </Button>
        ))}
      </Paper>
      {across.items !== undefined && across.homes === 0 && (
        <Alert severity="info">{t('acrossHomes.noHomes')}</Alert>
      )}
      <Paper variant="outlined">
        {shown === undefined && <LinearProgress />}
        {shown !== undefined && shown.length === 0 && (
          <Typography role="status" data-testid="across-empty" sx={{ p: 3, textAlign: 'center' }}>
            {t('acrossHomes.empty')}
          </Typography>
        )}
        {shown !== undefined && shown.length > 0 && (
          <AcrossList
            items={shown}
            selected={selected}
            states={across.states}
            lookups={lookups}
            onToggle={onToggle}
          />
        )}
      </Paper>
      {action !== null && (
        <BulkDialog
          action={action}
          items={chosen}
          vendors={vendors.choices}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setSelected(new Set());
          }}
        />
      )}
    </Stack>
  );
}
