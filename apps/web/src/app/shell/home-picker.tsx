// The home picker of the header: a searchable (Address, case-insensitive substring),
// virtualised list 300 px high that stays smooth with 10,000 homes. A keystroke only paints
// the field: the field is uncontrolled, the addresses are lowercased once per list (not per
// keystroke), and the filtering renders after the keystroke's frame is painted (in a
// transition, the latest query only), with rows that are memoised and styled once rather
// than per render. The choice is kept in local settings; "all homes" or "my homes" is
// switchable here.

import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
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
import { styled } from '@mui/material/styles';
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
import { afterNextPaint } from '../../ui/after-next-paint';

const ROW_HEIGHT = 52;

/**
 * The address search (case-insensitive substring, as the domain's filterByAddress) over an index
 * made once per list: each search is one `includes` per home.
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
          // The one part of the header that gives way on a narrow phone (the address is
          // cut with an ellipsis), so the buttons after it stay on the screen.
          minWidth: 0,
          flexShrink: 1,
          // A phone's room goes to the address, not the icon.
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          justifyContent: 'flex-start',
          bgcolor: 'rgba(255,255,255,0.12)',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.2)' },
        }}
      >
        <Box
          component="span"
          data-testid="home-picker-label"
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
  // Only the latest query of a burst of keys is filtered.
  const pending = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => pending.current?.(), []);
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
          pending.current?.();
          pending.current = afterNextPaint(() => {
            pending.current = undefined;
            startTransition(() => setQuery(value));
          });
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

const Row = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: ROW_HEIGHT,
  padding: theme.spacing(0, 1.5),
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  cursor: 'pointer',
  borderRadius: theme.shape.borderRadius,
  '&[aria-selected="true"]': { backgroundColor: theme.palette.action.selected },
  '&:hover, &:focus-visible': { backgroundColor: theme.palette.action.hover, outline: 'none' },
}));

const RowLine = styled('span')({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

const Address = styled(RowLine)(({ theme }) => ({ ...theme.typography.body2, fontWeight: 600 }));

const Details = styled(RowLine)(({ theme }) => ({
  ...theme.typography.caption,
  color: theme.palette.text.secondary,
}));

/** One option; memoised so rows a new filter keeps in place do not render again. */
const HomeOption = memo(function HomeOption({
  home,
  selected,
  start,
  onPick,
}: {
  home: ActiveHome;
  selected: boolean;
  start: number;
  onPick: (home: ActiveHome) => void;
}) {
  return (
    <Row
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
      style={{ transform: `translateY(${start}px)` }}
    >
      <Address>{home.Address}</Address>
      <Details>
        {home.HomeID} · {home.Community} · {home.Status}
      </Details>
    </Row>
  );
});

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
          return (
            <HomeOption
              key={home.id}
              home={home}
              selected={home.id === selectedId}
              start={row.start}
              onPick={onPick}
            />
          );
        })}
      </Box>
    </Box>
  );
});
