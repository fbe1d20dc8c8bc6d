// One punch item in the list: name, status, sync state, walk type, category, location,
// when it was completed and its photos; history, and for a user who may write it complete /
// reopen, edit and delete. On a phone the actions sit in a row under the text.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Replay from '@mui/icons-material/Replay';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { PunchItem } from '../../data/punch-items';
import type { RecordSyncState } from '../../data/queued-records';
import { HistoryButton } from '../../ui/history-button';
import { Thumbnail } from '../../ui/photo-thumbnail';
import { SyncStateChip } from '../../ui/sync-state-chip';
import { TAP } from '../../ui/touch';
import { itemTypeOf } from './item-rules';
import { OPENED_ROW } from '../../ui/opened-record';

export function ItemRow(props: {
  item: PunchItem;
  state: RecordSyncState | undefined;
  photoStates: ReadonlyMap<string, RecordSyncState>;
  canWrite: boolean;
  /** The item an opened notification leads to (`?record=`). */
  opened: boolean;
  onEdit: () => void;
  onComplete: () => void;
  onReopen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  const complete = item.Status === 'Complete';
  const walk = itemTypeOf(item);
  return (
    <Box
      component="li"
      data-testid="punch-item"
      data-item-id={item.id}
      data-record-id={item.id}
      data-opened={props.opened ? 'true' : undefined}
      data-status={item.Status}
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
        useFlexGap
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
            <Chip
              size="small"
              color={complete ? 'success' : 'default'}
              label={t(complete ? 'punchItems.complete' : 'punchItems.outstanding')}
            />
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
          {item.Photos.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {item.Photos.map((photo) => (
                <Thumbnail
                  key={`${photo.collection}/${photo.key}`}
                  photo={photo}
                  state={props.photoStates.get(`${photo.collection}/${photo.key}`)}
                />
              ))}
            </Stack>
          )}
        </Box>
        {!props.canWrite && (
          <Stack direction="row" sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
            <HistoryButton kind="walkItems" recordId={item.id} label={item.Name} />
          </Stack>
        )}
        {props.canWrite && (
          <Stack direction="row" sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
            <HistoryButton kind="walkItems" recordId={item.id} label={item.Name} />
            {complete ? (
              <IconButton
                sx={TAP}
                aria-label={t('punchItems.reopenLabel', { name: item.Name })}
                onClick={props.onReopen}
              >
                <Replay />
              </IconButton>
            ) : (
              <IconButton
                sx={TAP}
                aria-label={t('punchItems.markCompleteLabel', { name: item.Name })}
                onClick={props.onComplete}
              >
                <CheckCircleOutlined />
              </IconButton>
            )}
            <IconButton
              sx={TAP}
              aria-label={t('punchItems.editLabel', { name: item.Name })}
              onClick={props.onEdit}
            >
              <EditOutlined />
            </IconButton>
            <IconButton
              sx={TAP}
              aria-label={t('punchItems.deleteLabel', { name: item.Name })}
              onClick={props.onDelete}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
