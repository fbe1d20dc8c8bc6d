// The bulk actions on the selected items across homes: one table (an action's id, icon,
// which of the selected items it applies to, when it is offered, and its dialog). Each
// change writes item by item through the queue (data/items-across-homes.ts updateItems),
// offline as online; the trade link goes to the one vendor the selected items share, by
// the same queued send as from the vendors' page (ui/trade-link-dialog.tsx).

import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import type { Access } from '@field/domain';
import { RESOURCE_ACCESS, hasAccess, transitionsFrom } from '@field/domain';
import type { VendorContact } from '../../../data/item-vendors';
import { updateItems } from '../../../data/items-across-homes';
import type { PunchItem } from '../../../data/punch-items';
import { useOfflineEngine } from '../../../offline/react';
import { FormDialog, useDialogSave } from '../../../ui/form-dialog';
import { TradeLinkDialog } from '../../../ui/trade-link-dialog';
import { canWriteItem } from '../item-rules';

export type BulkActionId = 'assign' | 'dueDate' | 'complete' | 'tradeLink';

interface BulkActionDef {
  id: BulkActionId;
  icon: ReactNode;
  /** Whether the action changes this selected item (the others are left as they are). */
  applies: (item: PunchItem, access: Access) => boolean;
  /** Whether the action is offered for this (non-empty) selection; always when absent. */
  offered?: (items: readonly PunchItem[], access: Access) => boolean;
}

/** Sent by those who write vendors, as from the vendors' page. */
function canSendTradeLinks(access: Access): boolean {
  const write = RESOURCE_ACCESS.vendors.write;
  return write !== undefined && hasAccess(access, write, 'write');
}

/** The one vendor all the items are assigned to; undefined when none, or not all the same. */
function soleVendorOf(items: readonly PunchItem[]): string | undefined {
  const vendors = new Set(items.map((item) => item.Vendor ?? ''));
  const [only] = vendors;
  return vendors.size === 1 && only !== undefined && only !== '' ? only : undefined;
}

export const BULK_ACTIONS: readonly BulkActionDef[] = [
  { id: 'assign', icon: <EngineeringOutlined />, applies: (item, a) => canWriteItem(a, item) },
  { id: 'dueDate', icon: <EventOutlined />, applies: (item, a) => canWriteItem(a, item) },
  {
    id: 'complete',
    icon: <CheckCircleOutlined />,
    applies: (item, a) =>
      canWriteItem(a, item) && transitionsFrom(item.Status, 'staff').includes('complete'),
  },
  {
    id: 'tradeLink',
    icon: <ForwardToInboxOutlined />,
    applies: () => true,
    offered: (items, a) => canSendTradeLinks(a) && soleVendorOf(items) !== undefined,
  },
];

/** Whether the action's button is enabled for the selected items. */
export function isOffered(
  def: BulkActionDef,
  items: readonly PunchItem[],
  access: Access,
): boolean {
  return items.length > 0 && (def.offered?.(items, access) ?? true);
}

/** The selected items an action changes. */
export function itemsFor(
  action: BulkActionId,
  items: readonly PunchItem[],
  access: Access,
): PunchItem[] {
  const def = BULK_ACTIONS.find((entry) => entry.id === action);
  return def === undefined ? [] : items.filter((item) => def.applies(item, access));
}

function DueDateField(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      type="date"
      label={t('punchItems.dueDate')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The dialog of one bulk action over `items` (those it applies to). */
export function BulkDialog(props: {
  action: BulkActionId;
  items: readonly PunchItem[];
  vendors: readonly VendorContact[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [vendor, setVendor] = useState<VendorContact | null>(null);
  const [due, setDue] = useState('');
  const { error, saving, run } = useDialogSave(props.onDone);
  const count = props.items.length;
  const { action } = props;
  const vendorId = action === 'tradeLink' ? soleVendorOf(props.items) : undefined;
  if (vendorId !== undefined) {
    const vendor = props.vendors.find((entry) => entry.id === vendorId);
    return <TradeLinkDialog vendor={{ ...vendor, id: vendorId }} onClose={props.onClose} />;
  }
  const save = (): Promise<void> => {
    if (action === 'assign') {
      return updateItems(engine, props.items, {
        Vendor: vendor?.id ?? null,
        ...(due === '' ? {} : { 'Due Date': due }),
      });
    }
    if (action === 'dueDate') {
      return updateItems(engine, props.items, { 'Due Date': due === '' ? null : due });
    }
    return updateItems(engine, props.items, {
      Status: 'Complete',
      'Completed At': new Date().toISOString(),
    });
  };
  return (
    <FormDialog
      id={`bulk-${action}-form`}
      title={t(`acrossHomes.bulk.${action}Title`, { count })}
      error={error}
      saveDisabled={saving || count === 0 || (action === 'assign' && vendor === null)}
      saveLabel={t(`acrossHomes.bulk.${action}Save`, { count })}
      onSubmit={() => void run(save)}
      onClose={props.onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t(`acrossHomes.bulk.${action}Help`, { count })}
      </Typography>
      {action === 'assign' && (
        <Autocomplete
          options={props.vendors}
          value={vendor}
          onChange={(_event, next) => setVendor(next)}
          getOptionLabel={(option) => option.Name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('punchItems.vendor')}
              placeholder={t('punchItems.vendorSearch')}
            />
          )}
        />
      )}
      {action !== 'complete' && <DueDateField value={due} onChange={setDue} />}
    </FormDialog>
  );
}
