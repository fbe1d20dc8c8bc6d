// The header's bell: the unread count and the latest 5; the full list is a link away.

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { NOTIFICATIONS, accountRoute } from '@field/domain';
import { useNotificationActions, useNotificationPage, useUnreadCounts } from '../api/notifications';
import { NotificationList } from './notification-list';

export function NotificationsBell() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const counts = useUnreadCounts();
  const unread = counts.data?.all ?? 0;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('notifications.bell', { count: unread })}
        data-testid="notifications-bell"
      >
        <Badge badgeContent={unread} color="secondary" max={99} data-testid="notifications-unread">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(380px, calc(100vw - 16px))' } } }}
      >
        {anchor !== null && <BellContent onClose={() => setAnchor(null)} />}
      </Popover>
    </>
  );
}

function BellContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const latest = useNotificationPage('all', 1, NOTIFICATIONS.bellSize);
  const { markRead } = useNotificationActions();
  return (
    <Box role="dialog" aria-label={t('header.notifications')}>
      <Typography sx={{ px: 2, py: 1.5, fontWeight: 650 }}>{t('header.notifications')}</Typography>
      <Divider />
      {latest.error !== null ? (
        <Typography role="alert" sx={{ p: 2 }} color="error">
          {t('notifications.failed', { message: latest.error.message })}
        </Typography>
      ) : latest.data === undefined ? (
        <LinearProgress />
      ) : latest.data.notifications.length === 0 ? (
        <Typography sx={{ p: 2, textAlign: 'center' }} color="text.secondary">
          {t('notifications.empty')}
        </Typography>
      ) : (
        <NotificationList
          notifications={latest.data.notifications}
          onOpen={(n) => {
            if (!n.read) markRead.mutate(n.id);
          }}
        />
      )}
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to={accountRoute('notifications')} onClick={onClose}>
          {t('notifications.seeAll')}
        </Button>
      </Box>
    </Box>
  );
}
