// Toasts asked for before their host has loaded (the first toast of a visit loads it) are
// shown once it is mounted, in the order they were asked for.

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { UI } from '@field/domain';
import { initI18n } from './i18n';
import { closeToastOnceRead, persistentToast, showToast, toast, toastsWanted } from '../lib/toast';
import ToastHost from './toast-host';

describe('toasts before their host has loaded', () => {
  it('asks for the host with the first toast and shows every early toast once it is mounted', async () => {
    expect(toastsWanted()).toBe(false);
    toast('Synced', 'success');
    persistentToast('Error saving data');
    expect(toastsWanted()).toBe(true);
    render(<ToastHost />);
    const synced = await screen.findByText('Synced');
    const error = await screen.findByText('Error saving data');
    // A success is announced politely; a save error stays an alert.
    expect(synced.closest('[role="status"]')).not.toBeNull();
    expect(within(document.body).getByRole('alert').contains(error)).toBe(true);
  });
});

/** The WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(one: string, other: string): number {
  const luminance = (colour: string): number => {
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('toast colours', () => {
  it('shows every kind of toast in white text readable on its colour (4.5:1 at least)', async () => {
    render(<ToastHost maxSnack={5} />);
    const kinds = ['info', 'success', 'warning', 'error'] as const;
    act(() => {
      for (const kind of kinds) toast(`A ${kind} toast`, kind);
    });
    for (const kind of kinds) {
      const text = await screen.findByText(`A ${kind} toast`);
      const box = text.closest<HTMLElement>('.notistack-MuiContent');
      expect(box, kind).not.toBeNull();
      const style = getComputedStyle(box as HTMLElement);
      expect(contrast(style.color, style.backgroundColor), kind).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('closing a toast', () => {
  beforeAll(initI18n);

  it('closes a toast that stays until dismissed with its own Close button', async () => {
    render(<ToastHost />);
    act(() => persistentToast('Error saving data: the home is closed'));
    const text = await screen.findByText('Error saving data: the home is closed');
    const alert = text.closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    fireEvent.click(
      within(alert as HTMLElement).getByRole('button', { name: 'Close this message' }),
    );
    await waitFor(() =>
      expect(screen.queryByText('Error saving data: the home is closed')).toBeNull(),
    );
  });
});

describe('a toast the app closes itself', () => {
  const SYNCING = 'Syncing your changes…';
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('stays until it has been up long enough to be read, even when closed at once', async () => {
    render(<ToastHost />);
    const shown = Date.now();
    act(() => showToast(SYNCING, { key: 'quick-pass', variant: 'info' }));
    await screen.findByText(SYNCING);
    closeToastOnceRead('quick-pass');
    await sleep(300);
    expect(screen.queryByText(SYNCING)).not.toBeNull();
    await waitFor(() => expect(screen.queryByText(SYNCING)).toBeNull(), {
      timeout: UI.toastMinShownMs + 3_000,
    });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(UI.toastMinShownMs);
  });

  it('keeps the one shown again with the same key until that one is closed', async () => {
    render(<ToastHost />);
    act(() => showToast(SYNCING, { key: 'next-pass', variant: 'info' }));
    await screen.findByText(SYNCING);
    closeToastOnceRead('next-pass');
    // The next replay starts before the last one's toast has gone.
    act(() => showToast(SYNCING, { key: 'next-pass', variant: 'info' }));
    await sleep(UI.toastMinShownMs + 500);
    expect(screen.queryAllByText(SYNCING)).not.toHaveLength(0);
    closeToastOnceRead('next-pass');
    await waitFor(() => expect(screen.queryByText(SYNCING)).toBeNull(), {
      timeout: UI.toastMinShownMs + 3_000,
    });
  });
});
