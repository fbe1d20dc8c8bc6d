// What a user whose home list is empty does next, instead of "No homes found": the admin
// imports homes or links people to employees; a user not linked to an employee, or linked
// but on no home's staff, asks an admin (named, with their address).

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { adminContactsSchema } from '@field/domain';
import { apiClient } from '../../../api/client';
import { useSignedIn } from '../../../data/session';

/** Where the admin imports the company, adds homes and links people (docs/decisions.md,
 * People and invitations; Import of homes, employees and vendors). */
const IMPORT_SCREEN = '/admin/import';
const HOMES_SCREEN = '/collaboration/homes';
const PEOPLE_SCREEN = '/collaboration/staff';

function AskAnAdmin() {
  const { t } = useTranslation();
  const admins = useQuery({
    queryKey: ['users', 'me', 'admins'],
    queryFn: ({ signal }) => apiClient.get('/api/users/me/admins', adminContactsSchema, { signal }),
  });
  const list = admins.data?.admins ?? [];
  if (list.length === 0) return <Typography>{t('emptyHomes.askAdmin')}</Typography>;
  return (
    <Typography>
      {t('emptyHomes.askNamed')}{' '}
      {list.map((admin, index) => (
        <span key={admin.email}>
          {index > 0 && ', '}
          {admin.name === '' ? '' : `${admin.name} `}
          <Link href={`mailto:${admin.email}`}>{admin.email}</Link>
        </span>
      ))}
    </Typography>
  );
}

export function EmptyHomesGuide() {
  const { t } = useTranslation();
  const { user, access } = useSignedIn();
  if (access.admin) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="status" data-testid="empty-homes">
        <Stack spacing={2}>
          <Typography variant="h2">{t('emptyHomes.adminTitle')}</Typography>
          <Typography>{t('emptyHomes.adminText')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLink} to={IMPORT_SCREEN} variant="contained">
              {t('emptyHomes.importHomes')}
            </Button>
            <Button component={RouterLink} to={HOMES_SCREEN} variant="outlined">
              {t('emptyHomes.addHomes')}
            </Button>
            <Button component={RouterLink} to={PEOPLE_SCREEN} variant="outlined">
              {t('emptyHomes.linkPeople')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }
  const linked = user.fieldData.airtableId !== null && user.fieldData.airtableId !== '';
  return (
    <Paper variant="outlined" sx={{ p: 3 }} role="status" data-testid="empty-homes">
      <Stack spacing={2}>
        <Typography variant="h2">
          {linked ? t('emptyHomes.noHomesTitle') : t('emptyHomes.unlinkedTitle')}
        </Typography>
        <Typography>
          {linked ? t('emptyHomes.noHomesText') : t('emptyHomes.unlinkedText')}
        </Typography>
        <AskAnAdmin />
      </Stack>
    </Paper>
  );
}
