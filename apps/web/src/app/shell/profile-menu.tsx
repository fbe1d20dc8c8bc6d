// The header's profile menu: name, role, account and app settings, Manage Homes, Documentation,
// Release Roadmap, Feedback, the work / presentation toggle and Logout. Logout first offers to
// send, export or keep the user's unsent work (sign-out-dialog.tsx).

import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import Logout from '@mui/icons-material/Logout';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import { CHANGELOG_ROUTE, MESSAGES, accountRoute, canOpenRoute, findRoute } from '@field/domain';
import { setMode, useLocalSetting } from '../../data/local-settings';
import { useSignedIn } from '../../data/session';
import { useUserPhoto } from '../../data/user-photo';
import { useOptionalOfflineEngine } from '../../offline/react';
import type { UnsentWork } from '../../offline/sign-out';
import { unsentWork } from '../../offline/sign-out';
import { useExternalLinks } from '../../data/external-links';
import { toast } from '../../lib/toast';
import { SignOutDialog, useEngineOnline } from './sign-out-dialog';

/** A menu item that opens one of the app's screens. */
function MenuLink(props: {
  to: string;
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <MenuItem component={RouterLink} to={props.to} onClick={props.onClick}>
      <ListItemIcon>{props.icon}</ListItemIcon>
      {props.children}
    </MenuItem>
  );
}

/** The menu's head: who is signed in, and their role. */
function WhoIsSignedIn(props: { name: string; role: string }) {
  return (
    <Box sx={{ px: 2, py: 1, minWidth: 240 }}>
      <Typography sx={{ fontWeight: 650 }} data-testid="user-name">
        {props.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="user-role">
        {props.role}
      </Typography>
    </Box>
  );
}

export function ProfileMenu({ onFeedback }: { onFeedback: () => void }) {
  const { t } = useTranslation();
  const { user, access, signOut } = useSignedIn();
  const mode = useLocalSetting((settings) => settings.mode);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const engine = useOptionalOfflineEngine();
  const online = useEngineOnline(engine);
  const { documentation } = useExternalLinks();
  const [unsent, setUnsent] = useState<UnsentWork | null>(null);
  const photo = useUserPhoto(user.photoURL);
  const close = () => setAnchor(null);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';
  const manageHomes = findRoute('/collaboration/homes');
  const canManageHomes = manageHomes !== undefined && canOpenRoute(manageHomes, access);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        color="inherit"
        data-testid="profile-button"
      >
        <Avatar
          src={photo}
          alt=""
          sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 14 }}
        >
          {initials}
        </Avatar>
        <span className="visually-hidden">{t('header.profile')}</span>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <WhoIsSignedIn name={name} role={user.fieldData.role} />
        <Divider />
        <MenuLink
          to={accountRoute('my-account')}
          icon={<ManageAccountsOutlined fontSize="small" />}
          onClick={close}
        >
          {t('profile.accountSettings')}
        </MenuLink>
        <MenuLink
          to={accountRoute('settings')}
          icon={<SettingsOutlined fontSize="small" />}
          onClick={close}
        >
          {t('profile.appSettings')}
        </MenuLink>
        {canManageHomes && (
          <MenuLink
            to="/collaboration/homes"
            icon={<HomeWorkOutlined fontSize="small" />}
            onClick={close}
          >
            {t('profile.manageHomes')}
          </MenuLink>
        )}
        {documentation !== null && (
          <MenuItem
            component="a"
            href={documentation}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <HelpOutline fontSize="small" />
            </ListItemIcon>
            {t('profile.documentation')}
          </MenuItem>
        )}
        <MenuLink
          to={CHANGELOG_ROUTE}
          icon={<NewReleasesOutlined fontSize="small" />}
          onClick={close}
        >
          {t('profile.releaseRoadmap')}
        </MenuLink>
        <MenuItem
          onClick={() => {
            close();
            onFeedback();
          }}
        >
          <ListItemIcon>
            <FeedbackOutlined fontSize="small" />
          </ListItemIcon>
          {t('profile.feedback')}
        </MenuItem>
        <MenuItem
          onClick={() => setMode(mode === 'work' ? 'presentation' : 'work')}
          role="menuitemcheckbox"
          aria-checked={mode === 'presentation'}
        >
          <ListItemIcon>
            <SlideshowOutlined fontSize="small" />
          </ListItemIcon>
          {t('profile.presentationMode')}
          <Switch
            edge="end"
            size="small"
            checked={mode === 'presentation'}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
            sx={{ ml: 'auto' }}
          />
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            const logout = async (): Promise<void> => {
              // Unsent work first: the dialog offers to send, export or keep it.
              const work = engine === null ? null : await unsentWork(engine, user.id);
              if (work !== null && (work.writes.length > 0 || work.drafts.length > 0)) {
                setUnsent(work);
                return;
              }
              await signOut();
            };
            logout().catch(() => toast(MESSAGES.logoutFailed, 'error'));
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('profile.logout')}
        </MenuItem>
      </Menu>
      {unsent !== null && engine !== null && (
        <SignOutDialog
          work={unsent}
          user={user.id}
          online={online}
          device={engine}
          signOut={signOut}
          onClose={() => setUnsent(null)}
        />
      )}
    </>
  );
}
