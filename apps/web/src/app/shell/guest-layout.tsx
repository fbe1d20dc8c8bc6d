// The plain page of the guest screens and of the status pages when nobody is signed in.

import Box from '@mui/material/Box';
import { WordMark } from '../../ui/word-mark';
import { useStartEngine } from '../offline-engine';
import { preloadShell } from '../signed-in-area';
import { AppFooter } from './app-footer';
import { NavigationProgress, PageOutlet, useNavigating } from './page-outlet';

export function GuestLayout() {
  const navigating = useNavigating();
  const startEngine = useStartEngine();
  // A form sent here is most often a sign-in: the shell's code and the engine load while
  // the server answers, instead of after it (neither is part of the guest screens' load).
  // Each starts in a task of its own after the form's: asking for dozens of chunks takes
  // tens of milliseconds, which the tap itself need not wait for.
  const onSubmitCapture = () => {
    setTimeout(startEngine, 0);
    setTimeout(preloadShell, 0);
  };
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
      onSubmitCapture={onSubmitCapture}
    >
      <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 4 }}>
        {navigating && <NavigationProgress />}
      </Box>
      <Box component="header" sx={{ px: 2, py: 2, color: 'primary.main' }}>
        <WordMark size="large" />
      </Box>
      <Box
        component="main"
        id="main"
        sx={{ flex: 1, display: 'grid', placeItems: 'start center', px: 2 }}
      >
        <PageOutlet />
      </Box>
      <AppFooter demo={false} />
    </Box>
  );
}
