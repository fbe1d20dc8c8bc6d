// Local settings (docs/product.md, Records: selected home, mode, testing, drafts fallback, core
// config), kept in localStorage so they survive a reload offline, and shared by every component
// through one external store.

import { useSyncExternalStore } from 'react';
import type { HomeListKind, LocalSettings, Mode } from '@field/domain';
import { HOME_LIST_KINDS, localSettingsSchema, z } from '@field/domain';

const STORAGE_KEY = 'field-app:local-settings';

const DEFAULTS: LocalSettings = {
  selectedHomeId: null,
  mode: 'work',
  testing: false,
  draftsFallback: false,
  'core-config': { homeList: 'mine' },
};

function read(): LocalSettings {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return DEFAULTS;
    const parsed = z.partial(localSettingsSchema).safeParse(JSON.parse(raw));
    return parsed.success ? { ...DEFAULTS, ...parsed.data } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let current: LocalSettings = read();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getLocalSettings(): LocalSettings {
  return current;
}

export function updateLocalSettings(changes: Partial<LocalSettings>): void {
  current = { ...current, ...changes };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // A full or blocked storage keeps the setting for this visit only.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) {
      current = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocalSettings(): LocalSettings {
  return useSyncExternalStore(subscribe, getLocalSettings);
}

/**
 * One value of the settings, live: the component renders again only when that value
 * changes (a tap on "All homes" does not re-render the shell, the guards and every card).
 * `select` must return a primitive, or the same object while its setting is unchanged.
 */
export function useLocalSetting<T>(select: (settings: LocalSettings) => T): T {
  return useSyncExternalStore(subscribe, () => select(getLocalSettings()));
}

/** The selected home's id (or null). */
export const selectedHomeIdOf = (settings: LocalSettings): string | null =>
  settings.selectedHomeId;

export function homeListKind(settings: LocalSettings): HomeListKind {
  const value = settings['core-config']['homeList'];
  return HOME_LIST_KINDS.find((kind) => kind === value) ?? 'mine';
}

export function setHomeListKind(kind: HomeListKind): void {
  updateLocalSettings({ 'core-config': { ...current['core-config'], homeList: kind } });
}

export function setMode(mode: Mode): void {
  updateLocalSettings({ mode });
}

export function selectHome(homeId: string | null): void {
  updateLocalSettings({ selectedHomeId: homeId });
}

/** Demo users have testing mode forced on (docs/product.md, States), not to be switched off. */
export function effectiveTesting(settings: LocalSettings, demo: boolean): boolean {
  return demo || settings.testing;
}

export type MenuOrientation = 'vertical' | 'horizontal';

export function menuOrientation(settings: LocalSettings): MenuOrientation {
  return settings['core-config']['menuOrientation'] === 'horizontal' ? 'horizontal' : 'vertical';
}

export function setMenuOrientation(orientation: MenuOrientation): void {
  updateLocalSettings({ 'core-config': { ...current['core-config'], menuOrientation: orientation } });
}

export function setTesting(testing: boolean): void {
  updateLocalSettings({ testing });
}
