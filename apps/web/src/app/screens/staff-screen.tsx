// Collaboration / Staff: the company's staff directory, and for administrators a second
// tab to approve registrations and manage users' scopes.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MuiTab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FeedbackList } from '../../features/admin/components/feedback-list';
import { UserAdministration } from '../../features/admin/components/user-administration';
import { StaffScreen } from '../../features/collaboration/directory-screens';
import { useSignedIn } from '../../data/session';

type Tab = 'staff' | 'users' | 'feedback';

export function Component() {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const [tab, setTab] = useState<Tab>('staff');
  if (!access.admin) return <StaffScreen />;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_e, next: Tab) => setTab(next)}
        // Three tabs are wider than a phone: they scroll, with arrows, rather than cut the last.
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <MuiTab value="staff" label={t('admin.directory')} />
        <MuiTab value="users" label={t('admin.users')} />
        <MuiTab value="feedback" label={t('admin.feedback')} />
      </Tabs>
      {tab === 'staff' && <StaffScreen />}
      {tab === 'users' && <UserAdministration />}
      {tab === 'feedback' && <FeedbackList />}
    </>
  );
}
