// The account pages (`/account/{tab}`): my account, notifications, security, settings,
// as tabs that change the address so each can be linked to.

import type { JSX } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { AccountTab } from '@field/domain';
import { ACCOUNT_TABS, accountRoute } from '@field/domain';
import { MyAccountTab } from '../../features/account/components/my-account-tab';
import { SecurityTab } from '../../features/account/components/security-tab';
import { SettingsTab } from '../../features/account/components/settings-tab';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';

const TAB_CONTENT: Readonly<Record<AccountTab, () => JSX.Element>> = {
  'my-account': MyAccountTab,
  notifications: NotificationsPage,
  security: SecurityTab,
  settings: SettingsTab,
};

const TAB_PADDING = { minWidth: { xs: 0, sm: 90 }, px: { xs: 1, sm: 2 } } as const;

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = ACCOUNT_TABS.find((name) => location.pathname === accountRoute(name)) ?? 'my-account';
  const Content = TAB_CONTENT[tab];
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: AccountTab) => void navigate(accountRoute(next))}
        // The four fit a 375 px phone with a narrower padding; a narrower one swipes them
        // (arrows there took the room of the tab shown and hid it under the right one).
        variant="scrollable"
        aria-label={t('account.title')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {ACCOUNT_TABS.map((name) => (
          <Tab key={name} value={name} label={t(`nav.account-${name}`)} sx={TAB_PADDING} />
        ))}
      </Tabs>
      <Content />
    </Box>
  );
}
