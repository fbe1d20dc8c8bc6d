// The signed-in shell's vertical menu: a permanent drawer on wide screens (260 px, 60 px
// collapsed), a temporary one opened by the menu button below the large breakpoint.

import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import type { Access, MenuItem } from '@field/domain';
import { UI } from '@field/domain';
import { WordMark } from '../../ui/word-mark';
import { MenuFooter } from './menu-footer';
import { SideMenu } from './side-menu';

export interface ShellDrawerProps {
  menu: MenuItem[];
  access: Access;
  /** The large breakpoint: the permanent drawer. */
  wide: boolean;
  collapsed: boolean;
  /** The phone's drawer is open. */
  mobileOpen: boolean;
  /** The phone's drawer has been opened once: kept mounted from then on. */
  mobileMenuDrawn: boolean;
  /** Closes the phone's drawer (a menu entry chosen, or a tap beside it). */
  onClose: () => void;
}

export function ShellDrawer({
  menu,
  access,
  wide,
  collapsed,
  mobileOpen,
  mobileMenuDrawn,
  onClose,
}: ShellDrawerProps) {
  const drawerWidth = collapsed ? UI.drawerCollapsedWidthPx : UI.drawerWidthPx;
  const menuContent = (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <SideMenu menu={menu} collapsed={wide && collapsed} onNavigate={onClose} />
      <Box sx={{ flex: 1 }} />
      {!(wide && collapsed) && <MenuFooter access={access} onNavigate={onClose} />}
    </Box>
  );

  return wide ? (
    <Drawer
      variant="permanent"
      sx={{
        width: drawerWidth,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width: drawerWidth,
          boxSizing: 'border-box',
          overflowX: 'hidden',
        },
      }}
    >
      <Toolbar />
      <Box sx={{ height: 4 }} />
      {menuContent}
    </Drawer>
  ) : (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onClose}
      ModalProps={{ keepMounted: mobileMenuDrawn }}
      sx={{ '& .MuiDrawer-paper': { width: UI.drawerWidthPx } }}
    >
      <Toolbar sx={{ color: 'primary.main' }}>
        <WordMark />
      </Toolbar>
      <Divider />
      {menuContent}
    </Drawer>
  );
}
