// The draft offer: says how old the draft is, offers Resume and Discard, and shows nothing
// without a draft.

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DraftOffer } from './draft-offer';
import { initI18n } from './i18n';

beforeAll(async () => {
  await initI18n();
});

const MINUTE = 60_000;

describe('DraftOffer', () => {
  it('says how old the draft is', () => {
    const { rerender } = render(
      <DraftOffer
        offer={{ key: 'd1', creationTime: Date.now() - 5 * MINUTE }}
        onResume={() => undefined}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByTestId('draft-offer').textContent).toContain(
      'A draft of this form from 5 minutes ago is saved on this device.',
    );
    rerender(
      <DraftOffer
        offer={{ key: 'd1', creationTime: Date.now() - 26 * 60 * MINUTE }}
        onResume={() => undefined}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByTestId('draft-offer').textContent).toContain('from 1 day ago');
  });

  it('resumes or discards, and is gone without a draft', async () => {
    const calls: string[] = [];
    let finish: () => void = () => undefined;
    const { rerender } = render(
      <DraftOffer
        offer={{ key: 'd1', creationTime: Date.now() }}
        onResume={() => calls.push('resume')}
        onDismiss={() => new Promise<void>((resolve) => (finish = resolve))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(calls).toEqual(['resume']);
    const discard = screen.getByRole('button', { name: 'Discard' });
    fireEvent.click(discard);
    // No second tap while the draft is being deleted.
    await waitFor(() => expect(discard.hasAttribute('disabled')).toBe(true));
    finish();
    await waitFor(() => expect(discard.hasAttribute('disabled')).toBe(false));
    rerender(
      <DraftOffer offer={undefined} onResume={() => undefined} onDismiss={() => undefined} />,
    );
    expect(screen.queryByTestId('draft-offer')).toBeNull();
  });
});
