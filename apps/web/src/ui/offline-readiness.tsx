// Offline readiness (issue 11): whether the homes the user carries are on this device,
// overall and per home, when they were last synced, how many records and how much storage
// they take, a progress bar while the sync runs, and "Sync now". The full view sits on the
// Sync screen; a one-line summary on the homes overview links to it.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudSync from '@mui/icons-material/CloudSync';
import Sync from '@mui/icons-material/Sync';
import { SYNC_ROUTE, isMyHome, relativeTimeLabel } from '@field/domain';
import { useSelectedHome } from '../data/homes';
import { useLocalSettings } from '../data/local-settings';
import { useSession } from '../data/session';
import type { HomeReadiness } from '../data/sync-ahead';
import {
  PHOTOS_AHEAD,
  keptOffline,
  photosAhead,
  setKeepOffline,
  setPhotosAhead,
  useReadiness,
  useSyncStatus,
} from '../data/sync-ahead';
import { useOnlineStatus, useOptionalOfflineEngine } from '../offline/react';
import { errorText } from './error-text';
import { toast } from '../lib/toast';
import { useNow } from './use-now';

import { TAP_HEIGHT as TAP } from './touch';
const PAGE = 50;

/** Bytes as people read them: 812 KB, 3.4 MB. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** The device's storage as the browser reports it (undefined where it does not). */
function useStorageEstimate(refresh: unknown): StorageEstimate | undefined {
  const [estimate, setEstimate] = useState<StorageEstimate>();
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (typeof storage?.estimate !== 'function') return undefined;
    storage
      .estimate()
      .then((found) => {
        if (live) setEstimate(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refresh]);
  return estimate;
}

/** The summary chip's place on the overview: a medium Chip's height and the gap below it. */
const SUMMARY_PLACE = { height: 32, mb: 2 } as const;

/** One line for the overview: ready offline, or syncing with its progress; opens /sync. */
export function ReadinessSummary() {
  const { t } = useTranslation();
  const engine = useOptionalOfflineEngine();
  const status = useSyncStatus();
  const readiness = useReadiness();
  if (engine === null || readiness.homes?.length === 0) return null;
  // While the homes and their summaries are read, the chip's place is kept: the home cards
  // below it arrive at about the same time and would otherwise jump down when it shows.
  if (readiness.homes === undefined) {
    return <Box aria-hidden sx={SUMMARY_PLACE} />;
  }
  const syncing = status.state === 'syncing';
  // No count of homes of its own: the overview's one count is the list's, of the homes in
  // construction, and the homes carried offline (cancelled ones too) are counted on /sync.
  const label = syncing
    ? t('readiness.syncing', { done: status.done, total: status.total })
    : t(readiness.allReady ? 'readiness.ready' : 'readiness.notAllReady');
  return (
    <Chip
      component={RouterLink}
      to={SYNC_ROUTE}
      clickable
      color={readiness.allReady ? 'success' : 'default'}
      variant={readiness.allReady ? 'filled' : 'outlined'}
      icon={readiness.allReady ? <CloudDone /> : <CloudSync />}
      label={label}
      data-testid="readiness-summary"
      data-ready={readiness.allReady && !syncing ? 'true' : 'false'}
      sx={{ ...SUMMARY_PLACE, maxWidth: '100%' }}
    />
  );
}

function HomeRow(props: { row: HomeReadiness; now: number }) {
  const { t } = useTranslation();
  const { row, now } = props;
  const summary = row.summary;
  const synced =
    summary !== undefined && summary.syncedAt > 0
      ? t('readiness.lastSynced', { when: relativeTimeLabel(summary.syncedAt, now) })
      : t('readiness.never');
  return (
    <ListItem
      divider
      data-testid="readiness-home"
      data-home={row.homeId}
      data-ready={row.ready ? 'true' : 'false'}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {row.home?.Address ?? row.homeId}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {synced}
          {summary !== undefined &&
            ` · ${t('readiness.records', { count: summary.records })} · ${sizeText(summary.bytes)}`}
        </Typography>
      </Box>
      <Chip
        size="small"
        color={row.ready ? 'success' : 'default'}
        label={row.ready ? t('readiness.ready') : t('readiness.notReady')}
      />
      {row.pinned && (
        <Button
          size="small"
          sx={TAP}
          onClick={() => setKeepOffline(row.homeId, false)}
          aria-label={t('readiness.unpinHome', { home: row.home?.Address ?? row.homeId })}
        >
          {t('readiness.unpin')}
        </Button>
      )}
    </ListItem>
  );
}

/** "Keep offline" for the selected home when it is not one of the user's own. */
function KeepSelectedHome() {
  const { t } = useTranslation();
  const home = useSelectedHome();
  const { user } = useSession();
  const settings = useLocalSettings();
  if (home === null || user === null) return null;
  if (isMyHome(home, user.fieldData.airtableId ?? null)) return null;
  const kept = keptOffline(settings).includes(home.id);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={kept}
          onChange={(event) => setKeepOffline(home.id, event.target.checked)}
        />
      }
      label={t('readiness.keepSelected', { home: home.Address })}
      sx={{ mr: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
    />
  );
}

/** The full readiness view of the Sync screen. */
export function OfflineReadinessPanel() {
  const { t } = useTranslation();
  const engine = useOptionalOfflineEngine();
  const online = useOnlineStatus();
  const status = useSyncStatus();
  const readiness = useReadiness();
  const settings = useLocalSettings();
  const now = useNow(30_000);
  const estimate = useStorageEstimate(status.lastSyncedAt);
  const [shown, setShown] = useState(PAGE);
  if (engine === null) return null;
  const homes = readiness.homes;
  const syncing = status.state === 'syncing';
  // Homes not ready first: they are what the user needs to know about.
  const ordered =
    homes === undefined ? [] : [...homes].sort((a, b) => Number(a.ready) - Number(b.ready));

  async function syncNow(): Promise<void> {
    try {
      await engine?.syncAhead.syncNow();
    } catch (error) {
      toast(errorText(error), 'error');
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="offline-readiness" component="section">
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            rowGap: 1,
          }}
        >
          <Typography variant="h6" component="h2">
            {t('readiness.title')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<Sync />}
            sx={TAP}
            disabled={!online || syncing}
            onClick={() => void syncNow()}
            data-testid="readiness-sync-now"
          >
            {t('readiness.syncNow')}
          </Button>
        </Stack>
        <Typography
          role="status"
          data-testid="readiness-state"
          data-ready={readiness.allReady && !syncing ? 'true' : 'false'}
          sx={{ fontWeight: 600 }}
        >
          {homes === undefined
            ? t('readiness.loading')
            : homes.length === 0
              ? t('readiness.noHomes')
              : readiness.allReady
                ? t('readiness.allReady', { count: homes.length })
                : t('readiness.someReady', { ready: readiness.readyCount, total: homes.length })}
        </Typography>
        {syncing && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={status.total === 0 ? 0 : (100 * status.done) / status.total}
              aria-label={t('readiness.progress')}
              data-testid="readiness-progress"
            />
            <Typography variant="caption" color="text.secondary">
              {t('readiness.syncing', { done: status.done, total: status.total })}
            </Typography>
          </Box>
        )}
        {status.state === 'failed' && (
          <Alert severity="warning">{t('readiness.failed', { error: status.error ?? '' })}</Alert>
        )}
        {!online && <Alert severity="info">{t('readiness.offline')}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {readiness.lastSyncedAt === null
            ? t('readiness.neverSynced')
            : t('readiness.lastSyncedAll', {
                when: relativeTimeLabel(readiness.lastSyncedAt, now),
              })}
          {' · '}
          {t('readiness.records', { count: readiness.records })} · {sizeText(readiness.bytes)}
          {estimate?.usage !== undefined &&
            estimate.quota !== undefined &&
            ` · ${t('readiness.storage', { used: sizeText(estimate.usage), quota: sizeText(estimate.quota) })}`}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="photos-ahead-label">{t('readiness.photos')}</InputLabel>
            <Select
              labelId="photos-ahead-label"
              label={t('readiness.photos')}
              value={photosAhead(settings)}
              onChange={(event) => setPhotosAhead(event.target.value)}
            >
              {PHOTOS_AHEAD.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`readiness.photosMode.${mode}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <KeepSelectedHome />
        </Stack>
        {ordered.length > 0 && (
          <List disablePadding data-testid="readiness-homes" aria-label={t('readiness.homes')}>
            {ordered.slice(0, shown).map((row) => (
              <HomeRow key={row.homeId} row={row} now={now} />
            ))}
          </List>
        )}
        {ordered.length > shown && (
          <Link
            component="button"
            onClick={() => setShown(shown + PAGE)}
            sx={{ alignSelf: 'start', ...TAP }}
          >
            {t('readiness.showMore', { count: Math.min(PAGE, ordered.length - shown) })}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
