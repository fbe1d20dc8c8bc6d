// Which homes an employee link and scopes give a user: how many of the company's, and the
// first addresses. The server counts them with the domain's access-by-home rule.

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Scope } from '@field/domain';
import { useHomesFor } from '../api/users';

export function HomesSummary(props: { airtableId: string | null; scopes: readonly Scope[] }) {
  const { t } = useTranslation();
  const homes = useHomesFor(props.airtableId, props.scopes);
  if (homes.error !== null) return <Alert severity="error">{homes.error.message}</Alert>;
  if (homes.data === undefined) return <LinearProgress aria-label={t('app.loading')} />;
  const { count, total, addresses } = homes.data;
  return (
    <Alert severity={count === 0 ? 'warning' : 'info'} role="status" aria-label={t('people.homes')}>
      <Typography sx={{ fontWeight: 650 }}>
        {count === total && total > 0
          ? t('people.everyHome', { count: total })
          : t('people.homesCount', { count, total })}
      </Typography>
      {count === 0 && (
        <Typography variant="body2">
          {props.airtableId === null ? t('people.noHomesUnlinked') : t('people.noHomesLinked')}
        </Typography>
      )}
      {addresses.length > 0 && (
        <Typography variant="body2">
          {addresses.join(' · ')}
          {count > addresses.length
            ? ` ${t('people.andMore', { count: count - addresses.length })}`
            : ''}
        </Typography>
      )}
    </Alert>
  );
}
