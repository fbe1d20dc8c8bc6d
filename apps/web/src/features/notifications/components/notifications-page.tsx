// The notifications page (the account tab, `?tab=` picks the filter): tabs all, website,
// field, design_studio, notification_info_portal (home_info_portal is read as the last),
// 10 a page, mark all read, delete.

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, NOTIFICATION_APPS, normalizeNotificationApp } from '@field/domain';
import type { NotificationTab } from '../api/notifications';
import {
  useNotificationActions,
  useNotificationPage,
  usePrefetchTold,
  useUnreadCounts,
} from '../api/notifications';
import { NotificationList } from './notification-list';
import { useOpenNotification } from '../hooks/use-open-notification';

function tabOf(value: string | null): NotificationTab {
  const normalized = normalizeNotificationApp(value ?? 'all');
  return NOTIFICATION_APPS.find((tab) => tab === normalized) ?? 'all';
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [page, setPage] = useState(1);
  const list = useNotificationPage(tab, page);
  const counts = useUnreadCounts();
  const { markAllRead, remove } = useNotificationActions();
  const open = useOpenNotification();
  usePrefetchTold(list.data?.notifications);
  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_event, next: NotificationTab) => {
          setPage(1);
          setParams({ tab: next }, { replace: true });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {NOTIFICATION_APPS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={
              <Badge badgeContent={counts.data?.[name] ?? 0} color="secondary" sx={{ pr: 1.5 }}>
                {t(`notifications.tabs.${name}`)}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <Button
          onClick={() => markAllRead.mutate(tab)}
          disabled={(counts.data?.[tab] ?? 0) === 0 || markAllRead.isPending}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Box>
      {list.error !== null ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('notifications.failed', { message: list.error.message })}
          <br />
          {MESSAGES.somethingWentWrong}
        </Alert>
      ) : list.data === undefined ? (
        <LinearProgress />
      ) : list.data.notifications.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" role="status">
          {t('notifications.empty')}
        </Typography>
      ) : (
        <>
          <NotificationList
            notifications={list.data.notifications}
            onOpen={open}
            onDelete={(n) => remove.mutate(n.id)}
          />
          {list.data.totalPages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <Pagination
                count={list.data.totalPages}
                page={page}
                onChange={(_e, next) => setPage(next)}
              />
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
