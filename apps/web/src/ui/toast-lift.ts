// A bar fixed to the bottom of the screen (a walk form's Save draft and Submit) lifts the
// toasts above itself while it is shown: across a phone's width a toast stood over the
// bar's buttons for its 5 s, just when "Draft saved on this device" asked the user to go on.
// The bar's height is the CSS variable the toasts' host adds to their bottom margin
// (ui/toast-host.tsx).

import type { RefObject } from 'react';
import { useEffect } from 'react';

/** The variable, in px, that toasts anchored at the bottom keep clear of. */
export const TOAST_LIFT = '--toast-lift';

export function useToastLift(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (element === null) return;
    const root = document.documentElement;
    const lift = () => root.style.setProperty(TOAST_LIFT, `${element.offsetHeight}px`);
    lift();
    // Not in jsdom (the web tests): the height when shown then stands.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(lift);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_LIFT);
    };
  }, [bar]);
}
