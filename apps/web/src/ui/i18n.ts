// Every visible text goes through i18next. The English texts are two files: those of the
// guest screens and of what the entry itself draws (the sign-in screens, the footer, the
// error screen, the update prompt: locales/en/guest.json) come with the entry, which must
// not wait for a second round trip before its first render; the signed-in app's
// (locales/en/app.json, four fifths of them) load with the shell, the lazy screens and the
// offline engine, each of which waits for them (`loadAppTexts`). Measured: 7.1 KB of the
// entry's gzip for all texts, 1.4 KB for the guest ones (docs/performance.md). A second
// language is still more files, loaded on demand.

import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import guest from '../locales/en/guest.json';

export const i18n: I18n = i18next.createInstance();

/** The guest screens' texts: enough for everything the entry draws. */
export async function initGuestTexts(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: guest } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

let appTexts: Promise<Record<string, unknown>> | undefined;

/**
 * The signed-in app's texts, added to the guest ones (fetched once; a failed fetch, such as
 * offline before the service worker holds the file, is tried again on the next call).
 */
export async function loadAppTexts(): Promise<void> {
  appTexts ??= import('../locales/en/app.json').then(
    (texts) => texts.default,
    (error: unknown) => {
      appTexts = undefined;
      throw error;
    },
  );
  const texts = await appTexts;
  // Added again after an `init` (which starts from the guest texts), once otherwise.
  const [first] = Object.keys(texts);
  if (first !== undefined && i18n.getResource('en', 'translation', first) === undefined) {
    i18n.addResourceBundle('en', 'translation', texts, true, false);
  }
}

/** Every text at once (tests, and anything drawn outside the app's own loading order). */
export async function initI18n(): Promise<void> {
  await initGuestTexts();
  await loadAppTexts();
}
