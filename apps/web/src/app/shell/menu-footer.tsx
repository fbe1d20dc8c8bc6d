// The side menu's footer links: Manage Your Homes, the external legacy system and the company
// website, each to its own place. Manage Your Homes opens the app's Manage Homes screen unless a
// deployment names another address (VITE_MANAGE_YOUR_HOMES_URL); without the screen's scope and
// without such an address it is not offered. The other two are the server's LEGACY_URL and
// COMPANY_URL, each hidden while unset.

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Access } from '@field/domain';
import { canOpenRoute, findRoute } from '@field/domain';
import { useExternalLinks } from '../../data/external-links';
import { MANAGE_YOUR_HOMES_URL } from '../../ui/links';

const MANAGE_HOMES_ROUTE = '/collaboration/homes';

export interface MenuFooterLinks {
  manageYourHomes: string;
  legacySystem: string | null;
  companyWebsite: string | null;
}

export function MenuFooter(props: {
  access: Access;
  links?: MenuFooterLinks;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const server = useExternalLinks();
  const links = props.links ?? { ...server, manageYourHomes: MANAGE_YOUR_HOMES_URL };
  const route = findRoute(MANAGE_HOMES_ROUTE);
  const canManage = route !== undefined && canOpenRoute(route, props.access);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Stack component="nav" aria-label={t('menuFooter.label')} spacing={0.5} sx={{ p: 2 }}>
      <Divider sx={{ mb: 1 }} />
      {links.manageYourHomes !== '' ? (
        <Link href={links.manageYourHomes} {...external}>
          {t('menuFooter.manageYourHomes')}
        </Link>
      ) : (
        canManage && (
          <Link component={RouterLink} to={MANAGE_HOMES_ROUTE} onClick={props.onNavigate}>
            {t('menuFooter.manageYourHomes')}
          </Link>
        )
      )}
      {links.legacySystem !== null && (
        <Link href={links.legacySystem} {...external}>
          {t('menuFooter.legacySystem')}
        </Link>
      )}
      {links.companyWebsite !== null && (
        <Link href={links.companyWebsite} {...external}>
          {t('menuFooter.companyWebsite')}
        </Link>
      )}
    </Stack>
  );
}
