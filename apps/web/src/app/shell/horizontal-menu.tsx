// The horizontal layout's top bar: at most 7 entries (domain constants), the rest under More.
// A collapse opens its items in a menu; item entries show the selected home's open item
// counts (data/home-items.ts).

import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuItem as MenuEntry, OpenItemSummary } from '@field/domain';
import { UI, menuLeaves, splitHorizontalMenu } from '@field/domain';
import { useOpenItemCounts } from '../../data/home-items';
import { MenuIcon } from './menu-icons';

function countOf(entry: MenuEntry, counts: OpenItemSummary | undefined): number {
  return entry.badge === undefined ? 0 : (counts?.[entry.badge] ?? 0);
}

export function HorizontalMenu({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation();
  const { shown, more } = splitHorizontalMenu(menu, UI.horizontalMenuMaxEntries);
  const counts = useOpenItemCounts();
  return (
    <Box
      component="nav"
      aria-label={t('app.mainNavigation')}
      data-testid="horizontal-menu"
      sx={{
        display: 'flex',
        gap: 0.5,
        px: 2,
        height: 48,
        alignItems: 'center',
        bgcolor: 'primary.dark',
      }}
    >
      {shown.map((entry) =>
        entry.type === 'item' ? (
          <Button
            key={entry.id}
            component={NavLink}
            to={entry.url ?? '/'}
            color="inherit"
            startIcon={<MenuIcon name={entry.icon} small />}
          >
            {t(`nav.${entry.id}`)}
          </Button>
        ) : (
          <DropDown
            key={entry.id}
            label={t(`nav.${entry.id}`)}
            icon={entry.icon}
            items={menuLeaves([entry])}
            counts={counts}
          />
        ),
      )}
      {more.length > 0 && (
        <DropDown
          label={t('nav.more')}
          items={menuLeaves(more)}
          counts={counts}
          testId="menu-more"
        />
      )}
    </Box>
  );
}

function DropDown({
  label,
  icon,
  items,
  counts,
  testId,
}: {
  label: string;
  icon?: string | undefined;
  items: MenuEntry[];
  counts: OpenItemSummary | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ExpandMore />}
        startIcon={icon === undefined ? undefined : <MenuIcon name={icon} small />}
        aria-haspopup="menu"
        data-testid={testId}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.id}
            component={NavLink}
            to={item.url ?? '/'}
            selected={location.pathname === item.url}
            onClick={() => setAnchor(null)}
            sx={{ gap: 2 }}
          >
            {t(`nav.${item.id}`)}
            {countOf(item, counts) > 0 && (
              <Badge
                badgeContent={countOf(item, counts)}
                color="secondary"
                max={999}
                data-testid="menu-badge"
                data-count-key={item.badge}
                sx={{ ml: 'auto', '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
              />
            )}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
