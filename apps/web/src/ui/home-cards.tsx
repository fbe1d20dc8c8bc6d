// Homes as cards with the address search: the homes overview and the reports share it.
// A long list shows 60 at a time so a phone never renders thousands of cards, and the
// first cards paint before the rest of the page renders (in the background, interruptible):
// 60 cards in one go were a 100+ ms task when 10,000 homes arrived after sign-in.

import type { ReactNode } from 'react';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, errorFetchingHomesMessage, filterByAddress } from '@field/domain';
import type { ActiveHome } from '../data/homes';
import { selectHome, selectedHomeIdOf, useLocalSetting } from '../data/local-settings';
import { NotOnDeviceAlert } from './not-on-device-alert';

const PAGE = 60;
/** Cards of the first paint; the rest of the page follows in a background render. */
const FIRST = 12;

/** A day as the cards show it (MM/DD/YYYY), from its ISO text. */
export function cardDate(value: string | null): string {
  if (value === null) return '—';
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

export interface HomeCardsProps {
  homes: ActiveHome[] | undefined;
  error: Error | null;
  /**
   * The list waits for signal (its query is paused): with no list on the device yet, the
   * cards say so instead of loading for as long as the signal stays away.
   */
  paused: boolean;
  onRetry: () => void;
  label: string;
  /** The count line when no search narrows the list (default "34 homes"). */
  totalText?: (count: number) => string;
  extra?: (home: ActiveHome) => ReactNode;
  /** Buttons of a home (edit...), below the card's own select area: never inside it. */
  actions?: (home: ActiveHome) => ReactNode;
  /** Shown instead of "No homes found" when the list itself is empty (no search narrows it). */
  empty?: ReactNode;
}

/**
 * On mount renders `render` with the first few cards, so they paint at once, then with
 * `count` in a background render that yields to input; a later `count` (Show more) renders
 * in the background too. Not `useDeferredValue`'s initial value for the first cards: the
 * list mounts in the deferred render of a new list (above), where React skips the initial
 * value, and every card of the page was drawn before the first could paint.
 */
function FirstCardsFirst(props: { count: number; render: (count: number) => ReactNode }) {
  const count = useDeferredValue(props.count);
  const [all, setAll] = useState(false);
  useEffect(() => {
    startTransition(() => setAll(true));
  }, []);
  return props.render(all ? count : Math.min(count, FIRST));
}

export function HomeCards({
  homes: latest,
  error,
  paused,
  onRetry,
  label,
  totalText,
  extra,
  actions,
  empty,
}: HomeCardsProps) {
  const { t } = useTranslation();
  // A new list (all homes instead of mine, a refetch) renders in the background: the tap
  // that asked for it paints first.
  const homes = useDeferredValue(latest);
  const selectedHomeId = useLocalSetting(selectedHomeIdOf);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterByAddress(homes ?? [], deferred), [homes, deferred]);

  if (error !== null) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('homes.tryAgain')}
          </Button>
        }
      >
        <Typography sx={{ fontWeight: 650 }}>{MESSAGES.errorGettingHomes}</Typography>
        <Typography variant="body2">{MESSAGES.errorGettingHomesHint}</Typography>
        <Typography variant="body2" data-testid="homes-error-detail">
          {errorFetchingHomesMessage(error.message)}
        </Typography>
      </Alert>
    );
  }
  if (homes === undefined && paused) {
    return <NotOnDeviceAlert error={null} notOnDevice={t('homes.notOnDevice')} onRetry={onRetry} />;
  }
  if (homes === undefined) {
    return (
      <Box role="status" aria-label={t('homes.loading')}>
        <LinearProgress />
      </Box>
    );
  }
  if (homes.length === 0 && empty !== undefined) return empty;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={t('homes.searchByAddress')}
          placeholder={t('homes.searchPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setLimit(PAGE);
          }}
          autoComplete="off"
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          data-testid="homes-count"
        >
          {shown.length === homes.length
            ? (totalText?.(homes.length) ?? t('homes.total', { count: homes.length }))
            : t('homes.shown', { shown: shown.length, total: homes.length })}
        </Typography>
      </Box>
      {shown.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography role="status">{MESSAGES.noHomesFound}</Typography>
        </Paper>
      ) : (
        <FirstCardsFirst
          count={Math.min(limit, shown.length)}
          render={(count) => (
            <Grid
              container
              spacing={1.5}
              component="ul"
              aria-label={label}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {shown.slice(0, count).map((home) => (
                <HomeCard
                  key={home.id}
                  home={home}
                  selected={home.id === selectedHomeId}
                  extra={extra}
                  actions={actions}
                />
              ))}
            </Grid>
          )}
        />
      )}
      {shown.length > limit && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => setLimit((l) => l + PAGE)}>
            {t('homes.showMore', { count: shown.length - limit })}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * One home's card; memoised, so a new list that keeps a home (a refetch, a search) does
 * not render its card again.
 */
const HomeCard = memo(function HomeCard({
  home,
  selected,
  extra,
  actions,
}: {
  home: ActiveHome;
  selected: boolean;
  extra: HomeCardsProps['extra'];
  actions: HomeCardsProps['actions'];
}) {
  const { t } = useTranslation();
  return (
    <Grid key={home.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li" data-home-id={home.HomeID}>
      <Card
        variant="outlined"
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          borderColor: selected ? 'primary.main' : undefined,
        }}
      >
        <CardActionArea
          onClick={() => selectHome(home.id)}
          aria-pressed={selected}
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            justifyContent: 'flex-start',
          }}
        >
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650, flex: 1 }}>
                {home.Address}
              </Typography>
              <Chip size="small" label={home.Status} color={selected ? 'primary' : 'default'} />
            </Box>
            {home.outsider === true ? (
              <Typography variant="body2" color="text.secondary" data-testid="outsider-home">
                {t('homes.notYours')}
              </Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('fields.HomeID')} {home.HomeID} · {home.Community} · {t('fields.Lot')}{' '}
                  {home.Lot}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('fields.Projected Close')} {cardDate(home['Projected Close'])}
                </Typography>
              </>
            )}
            {extra?.(home)}
          </CardContent>
        </CardActionArea>
        {actions !== undefined && (
          <CardActions sx={{ flexWrap: 'wrap', pt: 0 }}>{actions(home)}</CardActions>
        )}
      </Card>
    </Grid>
  );
});
