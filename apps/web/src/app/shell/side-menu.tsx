// The vertical menu: groups with their collapsible sections and items, filtered by the
// user's read scopes and the current mode (the domain's `visibleMenu`). Collapsed to
// icons (60 px) on wide screens when the user asks for it. Item entries carry the selected
// home's open item counts as badges (data/home-items.ts).

import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuItem, OpenItemCountKey } from '@field/domain';
import { findRoute } from '@field/domain';
import { useOpenItemCounts } from '../../data/home-items';
import { preloadScreen } from '../screens';
import { MenuIcon } from './menu-icons';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden';

export interface SideMenuProps {
  menu: MenuItem[];
  collapsed: boolean;
  /** Badge counts; by default the selected home's open item counts. */
  counts?: Partial<Record<OpenItemCountKey, number>>;
  onNavigate?: () => void;
}

/** A badge beside the title rather than on an icon: laid out in the line, not over it. */
const STANDALONE_BADGE = {
  mr: 1.5,
  '& .MuiBadge-badge': { position: 'static', transform: 'none' },
} as const;

function containsPath(item: MenuItem, path: string): boolean {
  if (item.url === path) return true;
  return (item.children ?? []).some((child) => containsPath(child, path));
}

function preload(url: string | undefined): void {
  const route = url === undefined ? undefined : findRoute(url);
  if (route !== undefined) preloadScreen(route.screen);
}

export function SideMenu({ menu, collapsed, counts: given, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const selectedHomeCounts = useOpenItemCounts();
  const counts = given ?? selectedHomeCounts;
  return (
    <nav aria-label={t('app.mainNavigation')}>
      {menu.map((group) => (
        <List
          key={group.id}
          component="div"
          dense
          subheader={
            collapsed ? undefined : (
              // Not sticky: a see-through title held at the top lay over the entries of an
              // opened group scrolled under it.
              <ListSubheader
                component="div"
                disableSticky
                sx={{ lineHeight: '36px', bgcolor: 'transparent' }}
              >
                {t(`nav.${group.id}`)}
              </ListSubheader>
            )
          }
        >
          {(group.children ?? []).map((entry) => (
            <MenuEntry
              key={entry.id}
              entry={entry}
              depth={0}
              collapsed={collapsed}
              counts={counts}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      ))}
    </nav>
  );
}

interface EntryProps {
  entry: MenuItem;
  depth: number;
  collapsed: boolean;
  counts: Partial<Record<OpenItemCountKey, number>> | undefined;
  onNavigate: (() => void) | undefined;
}

function MenuEntry({ entry, depth, collapsed, counts, onNavigate }: EntryProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = useMemo(() => containsPath(entry, location.pathname), [entry, location.pathname]);
  // Follows the current route until the user opens or closes it by hand.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? active;
  const title = t(`nav.${entry.id}`);
  const shownCount = entry.badge === undefined ? 0 : (counts?.[entry.badge] ?? 0);
  const badgeProps = {
    badgeContent: shownCount,
    color: 'secondary',
    max: 999,
    'data-testid': 'menu-badge',
    'data-count-key': entry.badge,
    slotProps: { badge: { 'aria-hidden': true } },
  } as const;

  if (entry.type === 'collapse') {
    return (
      <>
        <Tooltip title={collapsed ? title : ''} placement="right">
          <ListItemButton
            onClick={() => setToggled(!open)}
            aria-expanded={open}
            sx={{ pl: 2 + depth * 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <MenuIcon name={entry.icon} />
            </ListItemIcon>
            {!collapsed && <ListItemText primary={title} />}
            {!collapsed && (open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
          </ListItemButton>
        </Tooltip>
        <Collapse in={open && !collapsed} timeout="auto" unmountOnExit>
          <List component="div" dense disablePadding>
            {(entry.children ?? []).map((child) => (
              <MenuEntry
                key={child.id}
                entry={child}
                depth={depth + 1}
                collapsed={collapsed}
                counts={counts}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        </Collapse>
      </>
    );
  }

  return (
    <Tooltip title={collapsed ? title : ''} placement="right">
      <ListItemButton
        component={NavLink}
        to={entry.url ?? '/'}
        end
        selected={location.pathname === entry.url}
        onClick={onNavigate}
        onMouseEnter={() => preload(entry.url)}
        onFocus={() => preload(entry.url)}
        sx={{ pl: 2 + depth * 2 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          {collapsed && shownCount > 0 ? (
            // Icons only: the count sits on the icon.
            <Badge {...badgeProps}>
              <MenuIcon name={entry.icon} small={depth > 0} />
            </Badge>
          ) : (
            // Sub-entries without an icon of their own are set off by their indent alone.
            (entry.icon !== undefined || depth === 0 || collapsed) && (
              <MenuIcon name={entry.icon} small={depth > 0} />
            )
          )}
        </ListItemIcon>
        {!collapsed && <ListItemText primary={title} />}
        {!collapsed && shownCount > 0 && <Badge {...badgeProps} sx={STANDALONE_BADGE} />}
        {shownCount > 0 && (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('punchItems.badge', { count: shownCount })}
          </Box>
        )}
        {!collapsed && entry.chip !== undefined && <Chip size="small" label={entry.chip} />}
      </ListItemButton>
    </Tooltip>
  );
}
