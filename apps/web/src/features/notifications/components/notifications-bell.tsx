// The header's bell: the unread count and the latest 5; the full list is a link away.

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { NOTIFICATIONS, accountRoute } from '@field/domain';
import { useNotificationPage, usePrefetchTold, useUnreadCounts } from '../api/notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { HeaderPopover, PopoverList } from './header-popover';
import { NotificationList } from './notification-list';

export function NotificationsBell() {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  const unread = counts.data?.all ?? 0;
  return (
    <HeaderPopover
      icon={<NotificationsOutlined />}
      label={t('notifications.bell', { count: unread })}
      unread={unread}
      maxBadge={99}
      title={t('header.notifications')}
      width={380}
      testIds={{ button: 'notifications-bell', badge: 'notifications-unread' }}
    >
      {(close) => <BellContent onClose={close} />}
    </HeaderPopover>
  );
}

function BellContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const latest = useNotificationPage('all', 1, NOTIFICATIONS.bellSize);
  const open = useOpenNotification(onClose);
  usePrefetchTold(latest.data?.notifications);
  return (
    <>
      <PopoverList
        error={latest.error}
        failedText={(message) => t('notifications.failed', { message })}
        items={latest.data?.notifications}
        emptyText={t('notifications.empty')}
      >
        {(notifications) => <NotificationList notifications={notifications} onOpen={open} />}
      </PopoverList>
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to={accountRoute('notifications')} onClick={onClose}>
          {t('notifications.seeAll')}
        </Button>
      </Box>
    </>
  );
}
