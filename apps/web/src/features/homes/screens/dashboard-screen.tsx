// The dashboard: the user's homes at a glance (in construction, behind schedule,
// closing soon, with validation issues), each a link to its report.

import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, homesReport, inConstruction } from '@field/domain';
import { useHomeList } from '../../../data/homes';
import { useScheduleStanding } from '../../../data/schedule-standing';

export function Component() {
  const { t } = useTranslation();
  const { homes, error, testing } = useHomeList();
  const homeIds = useMemo(() => homes?.map((home) => home.id), [homes]);
  const { schedule, loading } = useScheduleStanding(homeIds);
  const tiles = useMemo(() => {
    if (homes === undefined || loading) return undefined;
    const now = new Date();
    return [
      { id: 'homes-overview', to: '/homes/overview', count: inConstruction(homes, testing).length },
      {
        id: 'report-behind-schedule',
        to: '/reports/homes/behind-schedule',
        count: homesReport(homes, 'behind-schedule', now, schedule).length,
      },
      {
        id: 'report-closing-soon',
        to: '/reports/homes/closing-soon',
        count: homesReport(homes, 'closing-soon', now).length,
      },
      {
        id: 'report-validation-issues',
        to: '/reports/homes/validation-issues',
        count: homesReport(homes, 'validation-issues', now).length,
      },
    ];
  }, [homes, testing, schedule, loading]);
  if (error !== null) return <Alert severity="error">{MESSAGES.errorGettingHomes}</Alert>;
  if (tiles === undefined) return <LinearProgress aria-label={t('homes.loading')} />;
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {tiles.map((tile) => (
        <Grid key={tile.id} size={{ xs: 6, md: 3 }} component="li">
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={tile.to}>
              <CardContent>
                <Typography sx={{ fontSize: 36, fontWeight: 750 }} data-testid={`tile-${tile.id}`}>
                  {tile.count}
                </Typography>
                <Typography color="text.secondary">{t(`nav.${tile.id}`)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
