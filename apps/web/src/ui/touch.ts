// Touch-target sizes: 44 CSS px, the smallest a finger hits reliably (WCAG 2.5.5).

/** An icon button's or a short button's touch target, 44 px each way. */
export const TAP = { minHeight: 44, minWidth: 44 } as const;

/** A text button's touch target: 44 px tall (its label keeps it wide enough). */
export const TAP_HEIGHT = { minHeight: TAP.minHeight } as const;
