// The header's messages menu: the latest messages (notifications of the `message` category,
// docs/decisions.md) with avatar, title, subtitle and time; `No Messages` when there are none.
// Opening one marks it read, like any notification.

import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import type { Notification } from '@field/domain';
import { MESSAGES, messageView } from '@field/domain';
import { useNow } from '../../../ui/use-now';
import { useMessages, useNotificationActions } from '../api/notifications';
import { HeaderPopover, PopoverList } from './header-popover';

export function MessagesMenu() {
  const { t } = useTranslation();
  const messages = useMessages();
  const unread = messages.data?.notifications.filter((n) => !n.read).length ?? 0;
  return (
    <HeaderPopover
      icon={<ChatBubbleOutline />}
      label={t('messages.button', { count: unread })}
      unread={unread}
      maxBadge={9}
      title={t('messages.title')}
      width={360}
      testIds={{ button: 'messages-button', panel: 'messages-menu' }}
      onOpen={() => void messages.refetch()}
    >
      {() => (
        <PopoverList
          error={messages.error}
          failedText={(message) => t('messages.failed', { message })}
          loadingLabel={t('messages.loading')}
          items={messages.data?.notifications}
          emptyText={MESSAGES.noMessages}
        >
          {(notifications) => <MessageList notifications={notifications} />}
        </PopoverList>
      )}
    </HeaderPopover>
  );
}

function MessageList({ notifications }: { notifications: readonly Notification[] }) {
  const now = useNow();
  const { markRead } = useNotificationActions();
  return (
    <List disablePadding data-testid="message-list">
      {notifications.map((notification) => {
        const view = messageView(notification, now);
        return (
          <ListItem key={view.id} disablePadding data-read={view.read}>
            <ListItemButton
              alignItems="flex-start"
              onClick={() => {
                if (!view.read) markRead.mutate(view.id);
              }}
              sx={{ minHeight: 56 }}
            >
              <ListItemAvatar>
                {'photoURL' in view.avatar ? (
                  <Avatar src={view.avatar.photoURL} alt="" />
                ) : (
                  <Avatar aria-hidden>{view.avatar.initials}</Avatar>
                )}
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}
                  >
                    <Box
                      component="span"
                      sx={{
                        fontWeight: view.read ? 400 : 700,
                        overflowWrap: 'anywhere',
                        minWidth: 0,
                      }}
                    >
                      {view.title}
                    </Box>
                    <Box
                      component="span"
                      sx={{ flexShrink: 0, color: 'text.secondary', fontSize: '0.75rem' }}
                    >
                      {view.time}
                    </Box>
                  </Box>
                }
                secondary={view.subtitle}
                slotProps={{
                  secondary: {
                    sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
                  },
                }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
