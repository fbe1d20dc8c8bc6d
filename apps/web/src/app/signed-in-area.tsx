// What a signed-in route renders around its screen: the shell (header, menus,
// notifications, data panel) as its own chunk, and the offline engine started before any
// screen mounts. Both load at once, in parallel; neither is part of the first load of the
// guest screens.

import { Suspense, lazy, useEffect } from 'react';
import { LoadingPermissions } from './guards';
import { RequireEngine } from './offline-engine';
import { loadAppTexts } from '../ui/i18n';

/** The shell's code and the signed-in app's texts, which it draws with. */
const loadShell = () =>
  Promise.all([import('./shell/shell-layout'), loadAppTexts()]).then(([shell]) => shell);

const ShellLayout = lazy(() => loadShell().then((m) => ({ default: m.ShellLayout })));

/** Fetches the shell's code ahead of need (a sign-in being sent). */
export function preloadShell(): void {
  loadShell().catch(() => undefined);
}

export function SignedInArea() {
  useEffect(preloadShell, []);
  return (
    <RequireEngine fallback={<LoadingPermissions />}>
      <Suspense fallback={<LoadingPermissions />}>
        <ShellLayout />
      </Suspense>
    </RequireEngine>
  );
}
