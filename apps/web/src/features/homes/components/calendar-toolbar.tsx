// The calendar's controls: the period (back, today, on), the view (week, month, and on a
// wide screen the agenda), the home shown (all the user's homes, or one) and the kinds of
// events shown, each a toggle.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { CalendarKind } from '@field/domain';
import { CALENDAR_KINDS } from '@field/domain';
import type { ActiveHome } from '../../../data/homes';
import { TAP, TAP_HEIGHT } from '../../../ui/touch';
import { KIND_COLOR } from './calendar-event';

export const CALENDAR_VIEWS = ['week', 'month', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

interface ToolbarProps {
  title: string;
  view: CalendarView;
  /** The views offered (a phone shows every period as an agenda). */
  views: readonly CalendarView[];
  onView: (view: CalendarView) => void;
  onStep: (step: -1 | 0 | 1) => void;
  homes: readonly ActiveHome[];
  home: string;
  onHome: (homeId: string) => void;
  kinds: readonly CalendarKind[];
  onToggleKind: (kind: CalendarKind) => void;
}

export function CalendarToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const period = props.view === 'month' ? 'month' : 'week';
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <IconButton
            sx={TAP}
            aria-label={t(`calendar.previous.${period}`)}
            onClick={() => props.onStep(-1)}
          >
            <ChevronLeft />
          </IconButton>
          <Button variant="outlined" sx={TAP_HEIGHT} onClick={() => props.onStep(0)}>
            {t('calendar.today')}
          </Button>
          <IconButton
            sx={TAP}
            aria-label={t(`calendar.next.${period}`)}
            onClick={() => props.onStep(1)}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        {/* On a phone the period has a line of its own above the buttons: its text changes
            length with the view, and beside them it moved the Week/Month buttons. */}
        <Typography
          variant="h2"
          aria-live="polite"
          data-testid="calendar-period"
          sx={{
            flexGrow: 1,
            minWidth: 160,
            flexBasis: { xs: '100%', sm: 'auto' },
            order: { xs: -1, sm: 0 },
          }}
        >
          {props.title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          sx={{ ml: { xs: 'auto', sm: 0 } }}
          value={props.view}
          aria-label={t('calendar.view')}
          onChange={(_event, value: CalendarView | null) => {
            if (value !== null) props.onView(value);
          }}
        >
          {props.views.map((view) => (
            <ToggleButton key={view} value={view} sx={{ ...TAP, px: 2 }}>
              {t(`calendar.views.${view}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={t('calendar.home')}
          value={props.home}
          onChange={(event) => props.onHome(event.target.value)}
          sx={{ minWidth: 240, maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'calendar-home' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="" sx={TAP_HEIGHT}>
            {t('calendar.allHomes', { count: props.homes.length })}
          </MenuItem>
          {props.homes.map((home) => (
            <MenuItem key={home.id} value={home.id} sx={TAP_HEIGHT}>
              {home.Address ?? home.id}
            </MenuItem>
          ))}
        </TextField>
        <Box
          role="group"
          aria-label={t('calendar.kinds')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {CALENDAR_KINDS.map((kind) => {
            const on = props.kinds.includes(kind);
            return (
              <Chip
                key={kind}
                component="button"
                aria-pressed={on}
                label={t(`calendar.kind.${kind}`)}
                onClick={() => props.onToggleKind(kind)}
                variant={on ? 'filled' : 'outlined'}
                icon={
                  <Box
                    component="span"
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: KIND_COLOR[kind] }}
                  />
                }
                sx={{
                  ...TAP_HEIGHT,
                  borderRadius: 22,
                  ...(on ? {} : { textDecoration: 'line-through', color: 'text.secondary' }),
                }}
              />
            );
          })}
        </Box>
      </Stack>
    </Stack>
  );
}
