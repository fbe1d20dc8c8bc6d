// The markup editor as the photo pickers open it: its code is fetched the first time a user
// draws on a photo, never with the app's first load (docs/decisions.md, Markup on photos).

import type { ComponentProps } from 'react';
import { Suspense } from 'react';
import { lazyOrNothing } from './lazy-or-nothing';
import type { PhotoMarkupEditor as Editor } from './photo-markup-editor';

const PhotoMarkupEditor = lazyOrNothing(
  () => import('./photo-markup-editor').then((module) => module.PhotoMarkupEditor),
  'The photo markup editor',
);

export function PhotoMarkupDialog(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={null}>
      <PhotoMarkupEditor {...props} />
    </Suspense>
  );
}
