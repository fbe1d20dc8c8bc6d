// Every visible text goes through i18next. The English texts come with the app's entry:
// every screen needs them before its first render, and as a chunk of their own they were a
// second round trip after the entry on every first visit (about 6 KB compressed, all of
// them; docs/performance.md). A second language is still one more file, loaded on demand.

import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const i18n: I18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
