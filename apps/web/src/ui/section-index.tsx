// An index page of a menu section: a card per sub-page the user may open.

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { canOpenRoute, findRoute } from '@field/domain';
import { useSignedIn } from '../data/session';

export function SectionIndex({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const routes = paths
    .map((path) => findRoute(path))
    .filter((route) => route !== undefined && canOpenRoute(route, access));
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {routes.map((route) =>
        route === undefined ? null : (
          <Grid key={route.path} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={route.path} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h2" component="span">
                    {t(`nav.${route.titleId}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ),
      )}
    </Grid>
  );
}
