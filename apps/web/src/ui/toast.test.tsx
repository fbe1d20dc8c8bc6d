// Toasts asked for before their host has loaded (the first toast of a visit loads it) are
// shown once it is mounted, in the order they were asked for.

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { persistentToast, toast, toastsWanted } from './toast';
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
