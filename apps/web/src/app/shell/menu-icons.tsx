// Icons of the menu entries, by the names the domain's menu table uses.

import type { SvgIconComponent } from '@mui/icons-material';
import Assessment from '@mui/icons-material/Assessment';
import Badge from '@mui/icons-material/Badge';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Checklist from '@mui/icons-material/Checklist';
import Dashboard from '@mui/icons-material/Dashboard';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import Engineering from '@mui/icons-material/Engineering';
import EventNote from '@mui/icons-material/EventNote';
import FactCheck from '@mui/icons-material/FactCheck';
import Forum from '@mui/icons-material/Forum';
import Home from '@mui/icons-material/Home';
import HomeWork from '@mui/icons-material/HomeWork';
import People from '@mui/icons-material/People';
import UploadFile from '@mui/icons-material/UploadFile';
import Construction from '@mui/icons-material/Construction';
import StarBorder from '@mui/icons-material/StarBorder';
import Circle from '@mui/icons-material/Circle';

const ICONS: Readonly<Record<string, SvgIconComponent>> = {
  dashboard: Dashboard,
  assessment: Assessment,
  home: Home,
  calendar: CalendarMonth,
  'fact-check': FactCheck,
  checklist: Checklist,
  walk: DirectionsWalk,
  forum: Forum,
  people: People,
  engineering: Engineering,
  badge: Badge,
  'home-work': HomeWork,
  'event-note': EventNote,
  construction: Construction,
  star: StarBorder,
  'upload-file': UploadFile,
};

export function MenuIcon({ name, small }: { name: string | undefined; small?: boolean }) {
  const Icon = (name === undefined ? undefined : ICONS[name]) ?? Circle;
  return (
    <Icon fontSize={small === true || name === undefined ? 'inherit' : 'medium'} aria-hidden />
  );
}
