// Touch-target sizes: 44 CSS px, the smallest a finger hits reliably (WCAG 2.5.5).

/** An icon button's or a short button's touch target, 44 px each way. */
export const TAP = { minHeight: 44, minWidth: 44 } as const;

/**
 * A photo's tools, used with a thumb while holding the phone (the markup editor's, and
 * Draw and Remove under a chosen photo): 48 px each way, fixed, so a row of them lines up.
 */
export const THUMB_TAP = { width: 48, height: 48 } as const;

/** A text button's touch target: 44 px tall (its label keeps it wide enough). */
export const TAP_HEIGHT = { minHeight: TAP.minHeight } as const;
