// The homes report (`/reports/homes/{page}`): all homes, behind schedule, closing soon or
// validation issues, over the user's home list, by the domain's rules.

import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { HOMES_REPORT_PAGES, homeValidationIssues, homesReport } from '@field/domain';
import { useHomeList } from '../../../data/homes';
import { HomeCards } from '../../../ui/home-cards';

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const page = HOMES_REPORT_PAGES.find((p) => location.pathname.endsWith(`/${p}`)) ?? 'all';
  const { homes, error, refetch } = useHomeList();
  const shown = useMemo(
    () => (homes === undefined ? undefined : homesReport(homes, page, new Date())),
    [homes, page],
  );
  return (
    <HomeCards
      homes={shown}
      error={error}
      onRetry={() => void refetch()}
      label={t(`nav.report-${page}`)}
      extra={
        page === 'validation-issues'
          ? (home) => (
              <Typography variant="body2" color="error">
                {t('homes.missing', { fields: homeValidationIssues(home).join(', ') })}
              </Typography>
            )
          : undefined
      }
    />
  );
}
