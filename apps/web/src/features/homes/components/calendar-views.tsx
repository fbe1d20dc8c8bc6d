// The calendar's three views of the same events: a week (seven day columns), a month (a
// table of whole weeks, a few events a day and "+N more" to that week) and the agenda (the
// days that have events, listed, as on a phone). Each day is a labelled list of buttons,
// so a keyboard moves through them with Tab and a screen reader hears the day first.

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CalendarEvent, Day } from '@field/domain';
import { sameMonth } from '@field/domain';
import { TAP } from '../../../ui/touch';
import { VISUALLY_HIDDEN } from '../../../ui/visually-hidden';
import { EventButton } from './calendar-event';
import { formatDay } from './calendar-format';

export interface ViewProps {
  byDay: ReadonlyMap<Day, CalendarEvent[]>;
  /** A home's address; `short`: its first line (a narrow day column). */
  homeName: (homeId: string, short?: boolean) => string;
  today: Day;
  onOpen: (event: CalendarEvent) => void;
}

/** A day's events as a list named by its day. */
function DayEvents({
  events,
  labelledBy,
  compact,
  short,
  homeName,
  onOpen,
}: {
  events: readonly CalendarEvent[];
  labelledBy: string;
  compact?: boolean;
  short?: boolean;
  homeName: (homeId: string, short?: boolean) => string;
  onOpen: (event: CalendarEvent) => void;
}) {
  return (
    <Stack
      component="ul"
      aria-labelledby={labelledBy}
      spacing={compact === true ? 0.5 : 1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {events.map((event) => (
        <li key={event.key}>
          <EventButton
            event={event}
            home={homeName(event.homeId, short === true || compact === true)}
            compact={compact === true}
            onOpen={onOpen}
          />
        </li>
      ))}
    </Stack>
  );
}

function todayStyle(isToday: boolean) {
  return isToday ? { color: 'primary.main', fontWeight: 700 } : {};
}

export function WeekView({ days, ...view }: ViewProps & { days: readonly Day[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Box
      data-testid="calendar-week"
      // Seven columns where each gets 128 px, else the days wrap (Monday to Friday, then
      // the weekend, on a tablet) rather than break their words.
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(128px, 1fr))', gap: 1 }}
    >
      {days.map((day) => {
        const events = view.byDay.get(day) ?? [];
        const heading = `${id}-${day}`;
        return (
          <Box
            key={day}
            component="section"
            aria-labelledby={heading}
            data-day={day}
            sx={{
              minWidth: 0,
              minHeight: 160,
              p: 0.75,
              borderRadius: 1,
              bgcolor: day === view.today ? 'action.selected' : 'action.hover',
            }}
          >
            <Typography
              variant="subtitle2"
              component="h3"
              id={heading}
              sx={{ mb: 1, ...todayStyle(day === view.today) }}
            >
              <span aria-hidden>{formatDay(day, i18n.language, 'short')}</span>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {`${formatDay(day, i18n.language, 'long')}${day === view.today ? `, ${t('calendar.today')}` : ''}`}
              </Box>
            </Typography>
            <DayEvents
              events={events}
              labelledBy={heading}
              short
              homeName={view.homeName}
              onOpen={view.onOpen}
            />
          </Box>
        );
      })}
    </Box>
  );
}

/** At most this many events in a month's day; the rest behind "+N more". */
const MONTH_CELL_EVENTS = 3;

export function MonthView({
  weeks,
  month,
  onShowWeek,
  ...view
}: ViewProps & { weeks: readonly Day[][]; month: Day; onShowWeek: (day: Day) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Box
      component="table"
      data-testid="calendar-month"
      sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 4 }}
    >
      <Box component="caption" sx={VISUALLY_HIDDEN}>
        {formatDay(month, i18n.language, 'month')}
      </Box>
      <thead>
        <tr>
          {(weeks[0] ?? []).map((day) => (
            <Box component="th" scope="col" key={day} sx={{ typography: 'subtitle2', py: 0.5 }}>
              {formatDay(day, i18n.language, 'weekday')}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const events = view.byDay.get(day) ?? [];
              const hidden = events.length - MONTH_CELL_EVENTS;
              const heading = `${id}-${day}`;
              return (
                <Box
                  component="td"
                  key={day}
                  data-day={day}
                  sx={{
                    verticalAlign: 'top',
                    height: 128,
                    p: 0.5,
                    borderRadius: 1,
                    // A day of the next or last month: no shading, its number greyed.
                    bgcolor:
                      day === view.today
                        ? 'action.selected'
                        : sameMonth(day, month)
                          ? 'action.hover'
                          : 'transparent',
                  }}
                >
                  <Typography
                    variant="caption"
                    component="h3"
                    id={heading}
                    sx={{
                      display: 'block',
                      mb: 0.5,
                      ...(sameMonth(day, month) ? {} : { color: 'text.secondary' }),
                      ...todayStyle(day === view.today),
                    }}
                  >
                    <span aria-hidden>{formatDay(day, i18n.language, 'dayOfMonth')}</span>
                    <Box component="span" sx={VISUALLY_HIDDEN}>
                      {formatDay(day, i18n.language, 'long')}
                    </Box>
                  </Typography>
                  <DayEvents
                    events={events.slice(0, MONTH_CELL_EVENTS)}
                    labelledBy={heading}
                    compact
                    homeName={view.homeName}
                    onOpen={view.onOpen}
                  />
                  {hidden > 0 && (
                    <ButtonBase
                      onClick={() => onShowWeek(day)}
                      aria-label={t('calendar.moreLabel', {
                        count: hidden,
                        day: formatDay(day, i18n.language, 'long'),
                      })}
                      sx={{
                        ...TAP,
                        width: '100%',
                        justifyContent: 'flex-start',
                        px: 1,
                        typography: 'caption',
                        fontWeight: 600,
                        color: 'primary.main',
                      }}
                    >
                      {t('calendar.more', { count: hidden })}
                    </ButtonBase>
                  )}
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * The agenda opens at today (or the next day with events) when the period holds it, not at
 * the period's first day: a month of a superintendent's homes is many screens tall.
 */
function useOpenAtToday(days: readonly Day[], shown: readonly Day[], today: Day) {
  const list = useRef<HTMLDivElement>(null);
  const period = `${days[0] ?? ''}/${days.at(-1) ?? ''}`;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    // Once a period, when its events are first shown.
    if (shown.length === 0 || scrolledFor.current === period) return;
    scrolledFor.current = period;
    const next = shown.find((day) => day >= today);
    if (next === undefined || next === shown[0]) return;
    list.current
      ?.querySelector(`[data-day="${next}"]`)
      ?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [period, shown, today]);
  return list;
}

export function AgendaView({ days, ...view }: ViewProps & { days: readonly Day[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const shown = days.filter((day) => (view.byDay.get(day)?.length ?? 0) > 0);
  const list = useOpenAtToday(days, shown, view.today);
  return (
    <Stack spacing={2} data-testid="calendar-agenda" ref={list}>
      {shown.map((day) => {
        const heading = `${id}-${day}`;
        return (
          <Box
            component="section"
            key={day}
            aria-labelledby={heading}
            data-day={day}
            // Opened at today below the app's sticky header, not under it.
            sx={{ scrollMarginTop: 72 }}
          >
            <Typography
              variant="subtitle1"
              component="h3"
              id={heading}
              sx={{ mb: 1, fontWeight: 650, ...todayStyle(day === view.today) }}
            >
              {formatDay(day, i18n.language, 'long')}
              {day === view.today ? ` · ${t('calendar.today')}` : ''}
            </Typography>
            <DayEvents
              events={view.byDay.get(day) ?? []}
              labelledBy={heading}
              homeName={view.homeName}
              onOpen={view.onOpen}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
