import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';
import { SignaturePad } from './signature-pad';

// A one-pixel PNG: what the pad hands back after a stroke.
const SIGNED =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function Form(props: { initial: string | null; onChange: (png: string | null) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <form aria-label="sign-off">
      <SignaturePad
        label="Buyer's signature"
        name="buyerSignature"
        value={value}
        onChange={(png) => {
          setValue(png);
          props.onChange(png);
        }}
        data-testid="buyer-signature"
      />
    </form>
  );
}

describe('signature pad without a canvas (jsdom)', () => {
  beforeAll(initI18n);
  beforeEach(() => {
    // As in jsdom without the canvas package: no 2D context to draw on.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows its label, the hint and an empty state with nothing to clear', () => {
    render(<Form initial={null} onChange={() => undefined} />);
    const pad = screen.getByRole('img', { name: "Buyer's signature" });
    expect(pad.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Sign with a finger or the mouse')).toBeTruthy();
    expect(screen.getByText('Not signed yet')).toBeTruthy();
    const clear = screen.getByRole('button', { name: "Clear Buyer's signature" });
    expect(clear.textContent).toBe('Clear');
    expect(clear).toHaveProperty('disabled', true);
  });

  it('shows an existing signature as signed and clears it to null', () => {
    const changes: (string | null)[] = [];
    render(<Form initial={SIGNED} onChange={(png) => changes.push(png)} />);
    const form = screen.getByRole('form', { name: 'sign-off' });
    if (!(form instanceof HTMLFormElement)) throw new Error('no form');
    expect(new FormData(form).get('buyerSignature')).toBe(SIGNED);
    expect(screen.getByText('Signed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Clear Buyer's signature" }));
    expect(changes).toEqual([null]);
    expect(screen.getByText('Not signed yet')).toBeTruthy();
    expect(new FormData(form).get('buyerSignature')).toBe('');
  });

  it('cannot be cleared while disabled', () => {
    render(
      <SignaturePad label="Staff signature" value={SIGNED} onChange={() => undefined} disabled />,
    );
    expect(screen.getByRole('button', { name: 'Clear Staff signature' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
