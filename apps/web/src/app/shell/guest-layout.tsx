// The plain page of the guest screens and of the status pages when nobody is signed in.

import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { WordMark } from '../../ui/word-mark';
import { AppFooter } from './app-footer';

export function GuestLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: 2, py: 2, color: 'primary.main' }}>
        <WordMark size="large" />
      </Box>
      <Box
        component="main"
        id="main"
        sx={{ flex: 1, display: 'grid', placeItems: 'start center', px: 2 }}
      >
        <Outlet />
      </Box>
      <AppFooter demo={false} />
    </Box>
  );
}
