// The homes report (`/reports/homes/{page}`): all homes, behind schedule, closing soon or
// validation issues, over the user's home list, by the domain's rules. Behind schedule
// follows the field's updates of the homes' jobs and schedule entries too, and says why.

import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { BehindReason } from '@field/domain';
import {
  HOMES_REPORT_PAGES,
  behindReasons,
  homeValidationIssues,
  homesReport,
} from '@field/domain';
import { useHomeList } from '../../../data/homes';
import { useScheduleStanding } from '../../../data/schedule-standing';
import { HomeCards, cardDate } from '../../../ui/home-cards';

// The app's amber (ui/theme.ts), dark enough to read on white; MUI's warning is not.
function BehindLines({ reasons }: { reasons: readonly BehindReason[] }) {
  const { t } = useTranslation();
  return (
    <>
      {reasons.map((reason, index) => (
        <Typography key={index} variant="body2" color="secondary.main" data-testid="behind-reason">
          {t(
            `homes.behind.${reason.kind}`,
            'date' in reason ? { ...reason, date: cardDate(reason.date) } : reason,
          )}
        </Typography>
      ))}
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const page = HOMES_REPORT_PAGES.find((p) => location.pathname.endsWith(`/${p}`)) ?? 'all';
  const { homes, error, fetchStatus, refetch } = useHomeList();
  const homeIds = useMemo(
    () => (page === 'behind-schedule' ? homes?.map((home) => home.id) : undefined),
    [homes, page],
  );
  const { schedule, loading } = useScheduleStanding(homeIds);
  const shown = useMemo(
    () =>
      homes === undefined || loading ? undefined : homesReport(homes, page, new Date(), schedule),
    [homes, page, schedule, loading],
  );
  const extra =
    page === 'validation-issues'
      ? (home: NonNullable<typeof homes>[number]) => (
          <Typography variant="body2" color="error">
            {t('homes.missing', { fields: homeValidationIssues(home).join(', ') })}
          </Typography>
        )
      : page === 'behind-schedule'
        ? (home: NonNullable<typeof homes>[number]) => (
            <BehindLines reasons={behindReasons(home, new Date(), schedule)} />
          )
        : undefined;
  return (
    <HomeCards
      homes={shown}
      error={error}
      paused={fetchStatus === 'paused'}
      onRetry={() => void refetch()}
      label={t(`nav.report-${page}`)}
      extra={extra}
    />
  );
}
