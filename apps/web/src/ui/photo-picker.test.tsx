import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewPhoto } from '../data/punch-items';
import { initI18n } from './i18n';
import { PhotoPicker } from './photo-picker';

function Picker() {
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  return (
    <PhotoPicker
      addLabel="Add photos"
      chosenLabel={photos.length > 0 ? `${photos.length} chosen` : undefined}
      photos={photos}
      onChange={setPhotos}
    />
  );
}

describe('the photo picker', () => {
  beforeAll(initI18n);

  it('offers to draw on or remove each chosen photo, by name', async () => {
    render(<Picker />);
    const input = screen.getByTestId('photo-input');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], 'crack.png', { type: 'image/png' }),
          new File(['b'], 'gap.png', { type: 'image/png' }),
        ],
      },
    });
    await screen.findByText('2 chosen');
    expect(screen.getByRole('button', { name: 'Draw on crack.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Draw on gap.png' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove crack.png' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Draw on crack.png' })).toBeNull(),
    );
    expect(screen.getByText('1 chosen')).toBeTruthy();
  });

  it('opens the editor on demand, which says so when the photo cannot be read', async () => {
    render(<Picker />);
    fireEvent.change(screen.getByTestId('photo-input'), {
      target: { files: [new File(['not an image'], 'crack.png', { type: 'image/png' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Draw on crack.png' }));
    // jsdom decodes no image: the editor loads and names the problem instead of a canvas.
    await screen.findByRole('dialog', { name: 'Draw on photo' });
    await screen.findByText('This photo could not be opened for drawing.');
    expect(screen.getByRole('button', { name: 'Freehand' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close without saving the drawing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
