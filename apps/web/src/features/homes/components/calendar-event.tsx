// One event on the calendar: a button that opens its record (its home selected first), with
// what it is, the record's own words, its home and, when it calls for attention, its status.
// Its name for a screen reader says all of that in one sentence.

import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CalendarEvent, CalendarKind } from '@field/domain';
import { TAP } from '../../../ui/touch';
import { formatDay } from './calendar-format';

/** Each kind's colour (a palette entry of the theme), the same in every view and the filter. */
export const KIND_COLOR: Readonly<Record<CalendarKind, string>> = {
  walk: 'primary.main',
  job: 'info.main',
  inspection: 'success.main',
  permit: 'secondary.main',
  item: 'warning.main',
};

/** What the event is: a walk's form title, or the kind of date (`Radon test`, `Item due`). */
function whatOf(t: TFunction, event: CalendarEvent): string {
  return event.walkForm === undefined
    ? t(`calendar.what.${event.what}`)
    : t(`nav.walk-${event.walkForm}`);
}

function eventLabel(t: TFunction, event: CalendarEvent, home: string, locale: string) {
  return t(event.status === '' ? 'calendar.eventLabel' : 'calendar.eventLabelStatus', {
    what: whatOf(t, event),
    subject: [event.subject, event.detail].filter(Boolean).join(', '),
    home,
    day: formatDay(event.day, locale, 'long'),
    status: event.status,
  });
}

/** Where the event's record opens: its screen with its home selected (`?homeId=`). */
export function useOpenEvent(): (event: CalendarEvent) => void {
  const navigate = useNavigate();
  return (event) => {
    const search = new URLSearchParams({ homeId: event.homeId, ...event.search });
    void navigate(`${event.path}?${search.toString()}`);
  };
}

interface EventButtonProps {
  event: CalendarEvent;
  /** The home's address (or id), shown under the event. */
  home: string;
  /** One line (a month cell) rather than the card of a week or the agenda. */
  compact?: boolean;
  onOpen: (event: CalendarEvent) => void;
}

export function EventButton({ event, home, compact = false, onOpen }: EventButtonProps) {
  const { t, i18n } = useTranslation();
  const attention = event.flag === 'attention';
  const words = [event.subject, event.detail].filter(Boolean).join(' · ');
  const label = eventLabel(t, event, home, i18n.language);
  return (
    <ButtonBase
      onClick={() => onOpen(event)}
      aria-label={label}
      title={compact ? label : undefined}
      data-testid="calendar-event"
      data-home={event.homeId}
      data-kind={event.kind}
      data-record={event.recordId}
      sx={{
        ...TAP,
        width: '100%',
        justifyContent: 'flex-start',
        textAlign: 'left',
        borderLeft: 4,
        borderColor: KIND_COLOR[event.kind],
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: compact ? 0 : 1,
        px: compact ? 0.75 : 1,
        py: compact ? 0.25 : 0.75,
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Stack sx={{ minWidth: 0, width: '100%' }} aria-hidden>
        <Typography
          variant={compact ? 'caption' : 'body2'}
          sx={{ fontWeight: 700, overflowWrap: 'break-word' }}
        >
          {whatOf(t, event)}
        </Typography>
        {words !== '' && (
          <Typography variant={compact ? 'caption' : 'body2'} sx={line(compact)}>
            {words}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={line(compact)}>
          {home}
        </Typography>
        {event.status !== '' && (attention || !compact) && (
          <Typography
            variant="caption"
            sx={{ fontWeight: attention ? 700 : 400, ...line(compact) }}
            color={attention ? 'error.main' : 'text.secondary'}
          >
            {event.status}
          </Typography>
        )}
      </Stack>
    </ButtonBase>
  );
}

/** A line of a month's cell ends in an ellipsis (the whole text is the button's name and title); elsewhere it wraps. */
function line(compact: boolean) {
  return compact
    ? ({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const)
    : ({ overflowWrap: 'break-word' } as const);
}
