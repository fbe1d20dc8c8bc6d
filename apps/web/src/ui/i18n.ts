// Every visible text goes through i18next. The English file is its own chunk, loaded on
// demand before the first render, so a second language is one more file.

import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const i18n: I18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  const en = await import('../locales/en.json');
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en.default } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
