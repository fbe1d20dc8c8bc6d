// One punch item in the list: name, status, priority, an overdue mark, sync state, walk
// type, category, location, when it was completed, its trade and its photos (the review's
// too); history, and for a user who may write it the review step's changes, edit and
// delete. On a phone the actions sit in a row under the text.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemTransition } from '@field/domain';
import { isOverdue } from '@field/domain';
import type { VendorContact } from '../../data/item-vendors';
import type { PhotoRef, PunchItem } from '../../data/punch-items';
import type { RecordSyncState } from '../../data/queued-records';
import { Thumbnail } from '../../ui/photo-thumbnail';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { itemTypeOf } from './item-rules';
import { ItemActions, ItemTradeLine } from './item-row-parts';
import { OPENED_ROW } from '../../ui/opened-record';

const STATUS_COLOR = {
  Complete: 'success',
  'Ready for review': 'info',
} as const satisfies Readonly<Record<string, 'success' | 'info'>>;

function Photos(props: { photos: PhotoRef[]; states: ReadonlyMap<string, RecordSyncState> }) {
  if (props.photos.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
      {props.photos.map((photo) => (
        <Thumbnail
          key={`${photo.collection}/${photo.key}`}
          photo={photo}
          state={props.states.get(`${photo.collection}/${photo.key}`)}
        />
      ))}
    </Stack>
  );
}

export function ItemRow(props: {
  item: PunchItem;
  vendor: VendorContact | undefined;
  /** Today (`YYYY-MM-DD`), for the overdue mark. */
  today: string;
  state: RecordSyncState | undefined;
  photoStates: ReadonlyMap<string, RecordSyncState>;
  canWrite: boolean;
  /** The item an opened notification leads to (`?record=`). */
  opened: boolean;
  onEdit: () => void;
  onTransition: (transition: ItemTransition) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  const walk = itemTypeOf(item);
  const overdue = isOverdue(item, props.today);
  const color =
    item.Status in STATUS_COLOR
      ? STATUS_COLOR[item.Status as keyof typeof STATUS_COLOR]
      : 'default';
  return (
    <Box
      component="li"
      data-testid="punch-item"
      data-item-id={item.id}
      data-record-id={item.id}
      data-opened={props.opened ? 'true' : undefined}
      data-status={item.Status}
      data-overdue={overdue}
      data-sync={props.state ?? 'synced'}
      sx={{
        listStyle: 'none',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        ...OPENED_ROW,
      }}
    >
      {/* On a phone the actions sit in a row under the text, so a row stays short. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, gap: { xs: 0, sm: 1 } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.Name}
            </Typography>
            <Chip size="small" color={color} label={t(`punchItems.statuses.${item.Status}`)} />
            {item.Priority === 'High' && (
              <Chip size="small" color="warning" variant="outlined" label={t('punchItems.high')} />
            )}
            {overdue && (
              <Chip
                size="small"
                color="error"
                data-testid="item-overdue"
                label={t('punchItems.overdue')}
              />
            )}
            <SyncStateChip state={props.state} recordId={item.id} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[
              walk === undefined ? item.Walk : t(`nav.items-${walk}`),
              item.Category,
              item.Location,
              item['Completed At'] === null
                ? ''
                : t('punchItems.completedAt', {
                    date: new Date(item['Completed At']).toLocaleDateString(),
                  }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <ItemTradeLine item={item} vendor={props.vendor} />
          <Photos photos={item.Photos} states={props.photoStates} />
          {item.Status === 'Ready for review' && (
            <Photos photos={item['Review Photos']} states={props.photoStates} />
          )}
        </Box>
        <ItemActions
          item={item}
          canWrite={props.canWrite}
          onTransition={props.onTransition}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      </Stack>
    </Box>
  );
}
