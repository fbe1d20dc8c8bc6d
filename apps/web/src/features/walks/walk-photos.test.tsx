// A walk form's photo chosen earlier and gone from the device since (storage cleared under
// a draft): Draw on it says the photo cannot be opened, rather than nothing happening.

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { OfflineEngineProvider } from '../../offline/react';
import { startTestEngine } from '../../offline/testing/server-process';
import { initI18n } from '../../ui/i18n';
import ToastHost from '../../ui/toast-host';
import { initialState } from './walk-form-state';
import { WalkPhotos } from './walk-photos';

describe('a walk form’s photos', () => {
  beforeAll(initI18n);
  afterEach(cleanup);

  it('tells the user when a chosen photo can no longer be read for drawing', async () => {
    const engine = await startTestEngine('user-1');
    onTestFinished(() => engine.stop());
    const state = {
      ...initialState('walk-1', undefined),
      newPhotos: [{ fileId: 'gone', name: 'porch.jpg', type: 'image/jpeg', size: 1000 }],
    };
    render(
      <OfflineEngineProvider engine={engine}>
        <ToastHost />
        <WalkPhotos
          state={state}
          canWrite
          disabled={false}
          onAdd={() => undefined}
          onRemove={() => undefined}
          readPhoto={(photo) => engine.files.read(photo.fileId)}
          onMarkUp={() => undefined}
        />
      </OfflineEngineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Draw on porch.jpg' }));
    expect(await screen.findByText('This photo could not be opened for drawing.')).toBeTruthy();
  });
});
