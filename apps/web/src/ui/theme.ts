// The MUI theme: the product's colours, the breakpoints of the domain constants and tap targets of
// at least 44 px for gloved fingers on site; stacks spaced by the flex gap.

import { createTheme } from '@mui/material/styles';
import { UI } from '@field/domain';

export const theme = createTheme({
  breakpoints: {
    values: {
      xs: 0,
      sm: 600,
      md: UI.breakpointsPx.md,
      lg: UI.breakpointsPx.lg,
      xl: UI.breakpointsPx.xxl,
    },
  },
  palette: {
    primary: { main: '#17466e' },
    // Dark enough for white text at 4.5:1 (badges, avatars).
    secondary: { main: '#8f5500' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 700 },
    h2: { fontSize: '1.25rem', fontWeight: 650 },
  },
  components: {
    // Stacks space their children with the flex gap, not margins: a row that wraps on a
    // phone starts each line at the edge (with margins the wrapped child kept its left one).
    MuiStack: { defaultProps: { useFlexGap: true } },
    MuiButton: { styleOverrides: { root: { minHeight: 44, textTransform: 'none' } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiTab: { styleOverrides: { root: { minHeight: 48, textTransform: 'none' } } },
  },
});
