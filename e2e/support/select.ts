// Choosing in an MUI select from a test.

import type { Locator } from 'playwright-core';

/**
 * Opens the select `field` from the keyboard, clicks `option` and waits for the menu to go.
 * Not a click on the field: MUI's select takes a press released over one of its items as a
 * choice (press, move, release), and a menu too long for the room below its field is moved
 * up over it. On a loaded machine a click's release came more than 200 ms after its press,
 * over a vendor, and chose it (lists-to-send.test.ts in a CI run): a keypress has no release.
 */
export async function choose(field: Locator, option: Locator): Promise<void> {
  await field.press('ArrowDown');
  await option.click();
  await field.page().getByRole('listbox').waitFor({ state: 'detached' });
}
