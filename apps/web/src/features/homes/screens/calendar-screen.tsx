// The calendar across the homes the user works (`/homes/calendar`; docs/product.md, the
// calendar across my homes): walks, jobs and their schedule entries, tests, permit
// inspections and expiries, and punch items' due dates, from the device's copy of their
// homes, so it works offline. A week or a month on a wide screen, an agenda on a phone;
// filtered by home and by kind; tapping an event selects its home and opens its record.
// What it shows is kept in the address (`?view=&day=&home=&kinds=`), so back returns to it.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CalendarKind, Day } from '@field/domain';
import {
  CALENDAR_KINDS,
  addDays,
  addMonths,
  daysBetween,
  eventsByDay,
  filterEvents,
  isDay,
  localDay,
  monthWeeks,
  periodDays,
  sameMonth,
  weekDays,
} from '@field/domain';
import { useCalendar } from '../../../data/calendar';
import { useLocalSettings } from '../../../data/local-settings';
import { VISUALLY_HIDDEN } from '../../../ui/visually-hidden';
import { useOpenEvent } from '../components/calendar-event';
import { formatDay, formatDays } from '../components/calendar-format';
import type { CalendarView } from '../components/calendar-toolbar';
import { CALENDAR_VIEWS, CalendarToolbar } from '../components/calendar-toolbar';
import { AgendaView, MonthView, WeekView } from '../components/calendar-views';

const PHONE_VIEWS: readonly CalendarView[] = ['week', 'month'];

/** The kinds an address names (`kinds=walk,permit`); none named: every kind. */
function kindsOf(value: string | null): CalendarKind[] {
  if (value === null) return [...CALENDAR_KINDS];
  const named = value.split(',');
  return CALENDAR_KINDS.filter((kind) => named.includes(kind));
}

/** The calendar's place as the address keeps it. */
function useCalendarAddress(phone: boolean) {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const asked = params.get('day');
  const day: Day = isDay(asked) ? asked : today;
  const views = phone ? PHONE_VIEWS : CALENDAR_VIEWS;
  const view = views.find((candidate) => candidate === params.get('view')) ?? 'week';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    today,
    day,
    view,
    views,
    home: params.get('home') ?? '',
    kinds: kindsOf(params.get('kinds')),
    set,
  };
}

export function Component() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const presentation = useLocalSettings().mode === 'presentation';
  const place = useCalendarAddress(phone);
  const { day, view, kinds } = place;
  const period = view === 'month' ? 'month' : 'week';
  const range = useMemo(() => periodDays(period, day), [period, day]);
  const { homes, events } = useCalendar(range, presentation);
  const home = homes?.some((candidate) => candidate.id === place.home) === true ? place.home : '';
  const shown = useMemo(
    () => events && filterEvents(events, { homes: home === '' ? [] : [home], kinds }),
    [events, home, kinds],
  );
  const byDay = useMemo(() => eventsByDay(shown ?? []), [shown]);
  const open = useOpenEvent();
  const names = useMemo(
    () => new Map((homes ?? []).map((candidate) => [candidate.id, candidate.Address ?? ''])),
    [homes],
  );
  const homeName = (homeId: string, short = false) => {
    const address = names.get(homeId) || homeId;
    return short ? (address.split(',')[0] ?? address) : address;
  };
  const lang = i18n.language;
  const title =
    period === 'month' ? formatDay(day, lang, 'month') : formatDays(range.first, range.last, lang);
  const layout = phone || view === 'agenda' ? 'agenda' : view;
  const step = (direction: -1 | 0 | 1) => {
    if (direction === 0) place.set({ day: null });
    else
      place.set({
        day: period === 'month' ? addMonths(day, direction) : addDays(day, direction * 7),
      });
  };
  const toggleKind = (kind: CalendarKind) => {
    const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
    place.set({ kinds: next.length === CALENDAR_KINDS.length ? null : next.join(',') });
  };
  const shared = { byDay, homeName, today: place.today, onOpen: open };
  return (
    <Stack spacing={2} data-testid="calendar" data-view={layout}>
      <CalendarToolbar
        title={title}
        view={view}
        views={place.views}
        onView={(next) => place.set({ view: next })}
        onStep={step}
        homes={homes ?? []}
        home={home}
        onHome={(next) => place.set({ home: next === '' ? null : next })}
        kinds={kinds}
        onToggleKind={toggleKind}
      />
      {homes?.length === 0 ? (
        <Typography color="text.secondary">{t('calendar.noHomes')}</Typography>
      ) : shown === undefined ? (
        <CircularProgress aria-label={t('calendar.loading')} sx={{ alignSelf: 'center' }} />
      ) : (
        <>
          <Typography
            role="status"
            color="text.secondary"
            data-testid="calendar-count"
            sx={shown.length === 0 ? {} : VISUALLY_HIDDEN}
          >
            {shown.length === 0
              ? t('calendar.empty')
              : t('calendar.count', { count: shown.length })}
          </Typography>
          {layout === 'week' && <WeekView days={weekDays(day)} {...shared} />}
          {layout === 'month' && (
            <MonthView
              weeks={monthWeeks(day)}
              month={day}
              onShowWeek={(target) => place.set({ view: 'week', day: target })}
              {...shared}
            />
          )}
          {layout === 'agenda' && (
            <AgendaView
              days={daysBetween(range.first, range.last).filter(
                (shownDay) => period === 'week' || sameMonth(shownDay, day),
              )}
              {...shared}
            />
          )}
        </>
      )}
    </Stack>
  );
}
