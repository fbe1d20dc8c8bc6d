// The items across homes, virtualised (as the home picker's list): only the rows in view
// are in the page, each memoised, so 200,000 items scroll and filter smoothly. A row: a
// checkbox (the bulk actions' selection), the item, its home, its trade and due date, its
// status and whether it is overdue; its name opens the item on its home's own list.

import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { isOverdue } from '@field/domain';
import type { PunchItem } from '../../../data/punch-items';
import type { RecordSyncState } from '../../../data/queued-records';
import { cellText } from '../../../ui/record-table';

const ROW_HEIGHT = 76;

const Row = styled('li')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: ROW_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.5),
  paddingRight: theme.spacing(1.5),
  borderBottom: `1px solid ${theme.palette.divider}`,
  '&[data-selected="true"]': { backgroundColor: theme.palette.action.selected },
}));

const Lines = styled('div')({ minWidth: 0, flex: 1 });

const Line = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
}));

const Minor = styled(Line)(({ theme }) => ({ color: theme.palette.text.secondary }));

export interface RowLookups {
  today: string;
  addressOf: (homeId: string | null) => string;
  vendorNameOf: (vendorId: string | null) => string;
  walkName: (walk: string) => string;
}

const ItemLine = memo(function ItemLine(props: {
  item: PunchItem;
  start: number;
  selected: boolean;
  state: RecordSyncState | undefined;
  lookups: RowLookups;
  onToggle: (item: PunchItem) => void;
}) {
  const { t } = useTranslation();
  const { item, lookups } = props;
  const overdue = isOverdue(item, lookups.today);
  const due = item['Due Date'];
  const trade = [
    item.Vendor === null ? t('acrossHomes.noVendor') : lookups.vendorNameOf(item.Vendor),
    due === null ? null : t('punchItems.due', { date: cellText(due) }),
  ].filter((part) => part !== null);
  return (
    <Row
      data-testid="across-item"
      data-status={item.Status}
      data-sync={props.state ?? 'synced'}
      data-selected={props.selected}
      style={{ transform: `translateY(${props.start}px)` }}
    >
      <Checkbox
        checked={props.selected}
        onChange={() => props.onToggle(item)}
        slotProps={{ input: { 'aria-label': t('acrossHomes.select', { name: item.Name }) } }}
        sx={{ p: 1.25 }}
      />
      <Lines>
        <Line sx={{ fontWeight: 600 }}>
          <Link
            component={RouterLink}
            to={`/homes/items/all-items?homeId=${item.HomeRID ?? ''}&record=${item.id}`}
            color="inherit"
            underline="hover"
          >
            {item.Name}
          </Link>
        </Line>
        <Minor>
          {lookups.addressOf(item.HomeRID)} · {lookups.walkName(item.Walk)} · {item.Location}
        </Minor>
        <Minor data-testid="across-item-trade">{trade.join(' · ')}</Minor>
      </Lines>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
        <Chip size="small" label={t(`punchItems.statuses.${item.Status}`)} />
        {overdue && (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={t('punchItems.overdue')}
            data-testid="across-item-overdue"
          />
        )}
      </Box>
    </Row>
  );
});

/** Memoised: a keystroke re-renders the screen, and the list only when its rows change. */
export const AcrossList = memo(function AcrossList(props: {
  items: readonly PunchItem[];
  selected: ReadonlySet<string>;
  states: ReadonlyMap<string, RecordSyncState>;
  lookups: RowLookups;
  onToggle: (item: PunchItem) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  return (
    <Box
      ref={scroller}
      data-testid="across-items-scroller"
      sx={{
        height: { xs: 'calc(100dvh - 330px)', md: 'calc(100dvh - 300px)' },
        minHeight: 320,
        overflowY: 'auto',
        contain: 'strict',
      }}
    >
      <Box
        component="ul"
        aria-label={t('acrossHomes.list')}
        data-testid="across-items"
        sx={{ m: 0, p: 0, height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = props.items[row.index];
          if (item === undefined) return null;
          return (
            <ItemLine
              key={item.id}
              item={item}
              start={row.start}
              selected={props.selected.has(item.id)}
              state={props.states.get(item.id)}
              lookups={props.lookups}
              onToggle={props.onToggle}
            />
          );
        })}
      </Box>
    </Box>
  );
});
