// The home picker of the header: a searchable (Address, case-insensitive substring),
// virtualised list 300 px high that stays smooth with 10,000 homes: the addresses are
// lowercased once per list (not per keystroke), and the field is uncontrolled: a keystroke
// paints the field by itself and the filtering renders in a transition after it. The choice is kept in local settings; "all
// homes" or "my homes" is switchable here.

import { memo, useCallback, useId, useMemo, useRef, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Clear from '@mui/icons-material/Clear';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Search from '@mui/icons-material/Search';
import type { HomeListKind } from '@field/domain';
import { MESSAGES, UI, errorFetchingHomesMessage } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { useHomeList, useSelectedHome } from '../../data/homes';
import { selectHome, setHomeListKind } from '../../data/local-settings';
import { useSyncAheadPlan } from '../../data/sync-ahead';

const ROW_HEIGHT = 52;

/**
 * Section 5's address search (case-insensitive substring, as the domain's filterByAddress)
 * over an index made once per list: each search is one `includes` per home.
 */
export function addressIndex<T extends Pick<ActiveHome, 'Address'>>(
  homes: readonly T[],
): (query: string) => readonly T[] {
  const lower = homes.map((home) => home.Address.toLocaleLowerCase());
  return (query) => {
    const needle = query.trim().toLocaleLowerCase();
    if (needle === '') return homes;
    const found: T[] = [];
    for (let i = 0; i < homes.length; i += 1) {
      const home = homes[i];
      if (home !== undefined && lower[i]?.includes(needle) === true) found.push(home);
    }
    return found;
  };
}

export function HomePicker() {
  const { t } = useTranslation();
  // The picker is in every signed-in screen's header and reads the homes list the plan is
  // made of: the sync ahead's plan follows from here.
  useSyncAheadPlan();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const selected = useSelectedHome();
  const label = selected?.Address ?? t('picker.placeholder');
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<HomeOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-label={`${t('picker.label')}: ${label}`}
        data-testid="home-picker"
        sx={{
          maxWidth: { xs: 150, sm: 260, md: 320 },
          justifyContent: 'flex-start',
          bgcolor: 'rgba(255,255,255,0.12)',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.2)' },
        }}
      >
        <Box
          component="span"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {label}
        </Box>
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { sx: { width: 'min(400px, calc(100vw - 16px))', p: 1.5 } } }}
      >
        <HomePickerPanel onPicked={() => setAnchor(null)} selectedId={selected?.id ?? null} />
      </Popover>
    </>
  );
}

function HomePickerPanel({
  onPicked,
  selectedId,
}: {
  onPicked: () => void;
  selectedId: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { homes, kind, error, isPending, refetch } = useHomeList();
  const [query, setQuery] = useState('');
  const [, startTransition] = useTransition();
  const search = useMemo(() => addressIndex(homes ?? []), [homes]);
  const shown = useMemo(() => search(query), [search, query]);

  const pick = useCallback(
    (home: ActiveHome | null) => {
      selectHome(home?.id ?? null);
      onPicked();
    },
    [onPicked],
  );

  return (
    <Box role="dialog" aria-label={t('picker.label')}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_e, next: HomeListKind | null) => {
            if (next !== null) setHomeListKind(next);
          }}
          aria-label={t('settings.homeList')}
        >
          <ToggleButton value="mine">{t('picker.myHomes')}</ToggleButton>
          <ToggleButton value="all">{t('picker.allHomes')}</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {selectedId !== null && (
          <IconButton onClick={() => pick(null)} aria-label={t('picker.clear')} size="small">
            <Clear />
          </IconButton>
        )}
      </Box>
      <TextField
        id={`${id}-search`}
        fullWidth
        size="small"
        type="search"
        label={t('picker.search')}
        defaultValue=""
        onChange={(event) => {
          const value = event.target.value;
          startTransition(() => setQuery(value));
        }}
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', my: 0.5 }}
        aria-live="polite"
      >
        {homes === undefined ? '' : t('picker.count', { count: shown.length })}
      </Typography>
      {error !== null ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('homes.tryAgain')}
            </Button>
          }
        >
          <strong>{MESSAGES.errorGettingHomes}</strong>
          <br />
          {MESSAGES.errorGettingHomesHint}
          <br />
          {errorFetchingHomesMessage(error.message)}
        </Alert>
      ) : isPending ? (
        <Typography role="status" sx={{ p: 2 }}>
          {t('homes.loading')}
        </Typography>
      ) : shown.length === 0 ? (
        <Typography role="status" sx={{ p: 2, textAlign: 'center' }}>
          {MESSAGES.noHomesFound}
        </Typography>
      ) : (
        <VirtualHomeList homes={shown} selectedId={selectedId} onPick={pick} />
      )}
    </Box>
  );
}

/** Memoised: a keystroke re-renders the panel, and the list only once the filter result changes. */
const VirtualHomeList = memo(function VirtualHomeList({
  homes,
  selectedId,
  onPick,
}: {
  homes: readonly ActiveHome[];
  selectedId: string | null;
  onPick: (home: ActiveHome) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns functions React Compiler cannot memoise; that is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: homes.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <Box
      ref={scroller}
      role="listbox"
      aria-label={t('picker.label')}
      data-testid="home-picker-list"
      sx={{ height: UI.homePickerHeightPx, overflowY: 'auto', contain: 'strict' }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const home = homes[row.index];
          if (home === undefined) return null;
          const selected = home.id === selectedId;
          return (
            <Box
              key={home.id}
              role="option"
              aria-selected={selected}
              tabIndex={0}
              onClick={() => onPick(home)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onPick(home);
                }
              }}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${row.start}px)`,
                px: 1.5,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
                cursor: 'pointer',
                borderRadius: 1,
                bgcolor: selected ? 'action.selected' : undefined,
                '&:hover, &:focus-visible': { bgcolor: 'action.hover', outline: 'none' },
              }}
            >
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {home.Address}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap>
                {home.HomeID} · {home.Community} · {home.Status}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
});
