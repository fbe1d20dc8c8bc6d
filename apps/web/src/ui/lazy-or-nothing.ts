// A lazily loaded part that the page can do without: where its code cannot be fetched
// (offline before the service worker holds it) it renders nothing and the error is logged,
// rather than the screen failing.

import type { ComponentType } from 'react';
import { lazy } from 'react';

export function lazyOrNothing<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what: string,
): ComponentType<P> {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(`${what} could not be loaded`, error);
        return { default: () => null };
      },
    ),
  );
}
