// Notifications as a list: unread ones bold with a dot, the relative time, the home's
// address where the title does not name it; opening one marks it read.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import type { Notification } from '@field/domain';
import { addressBelowTitle, relativeTimeLabel } from '@field/domain';
import { useNow } from '../../../ui/use-now';

export interface NotificationListProps {
  notifications: readonly Notification[];
  onOpen: (notification: Notification) => void;
  onDelete?: (notification: Notification) => void;
}

export function NotificationList({ notifications, onOpen, onDelete }: NotificationListProps) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <List disablePadding data-testid="notification-list">
      {notifications.map((n) => (
        <ListItem
          key={n.id}
          disablePadding
          data-notification-id={n.id}
          data-read={n.read}
          secondaryAction={
            onDelete === undefined ? undefined : (
              <IconButton
                edge="end"
                aria-label={t('notifications.delete', { title: n.title })}
                onClick={() => onDelete(n)}
              >
                <DeleteOutline />
              </IconButton>
            )
          }
        >
          <ListItemButton onClick={() => onOpen(n)} sx={{ alignItems: 'flex-start', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                mt: 1,
                width: 8,
                height: 8,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: n.read ? 'transparent' : 'secondary.main',
              }}
            />
            <ListItemText
              primary={n.title}
              secondary={[addressBelowTitle(n), relativeTimeLabel(n.createdAt, now)]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 700 } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
