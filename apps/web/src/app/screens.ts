// The lazy screens of docs/product.md (Screens and routes), one module each, so each route loads
// only its own code. `preloadScreen` fetches a module ahead of navigation (menu hover or focus).

import type { ComponentType } from 'react';
import type { ScreenName } from '@field/domain';
import { loadAppTexts } from '../ui/i18n';

type ScreenModule = { Component: ComponentType };

const tests = () => import('../features/inspections/test-screens');
const directory = () => import('../features/collaboration/directory-screens');
const sections = () => import('./screens/section-screens');
const status = () => import('./screens/status-screens');

const SCREEN_MODULES: Readonly<Record<ScreenName, () => Promise<ScreenModule>>> = {
  dashboard: () => import('../features/homes/screens/dashboard-screen'),
  homesReport: () => import('../features/homes/screens/homes-report-screen'),
  homesOverview: () => import('../features/homes/screens/homes-overview-screen'),
  homesCalendar: () => import('../features/homes/screens/calendar-screen'),
  inspections: () => sections().then((m) => ({ Component: m.InspectionsScreen })),
  permits: () => import('../features/inspections/permits-screen'),
  soil: () => tests().then((m) => ({ Component: m.SoilScreen })),
  openHole: () => tests().then((m) => ({ Component: m.OpenHoleScreen })),
  radon: () => tests().then((m) => ({ Component: m.RadonScreen })),
  gicTesting: () => tests().then((m) => ({ Component: m.GicScreen })),
  items: () => import('../features/items/punch-items-screen'),
  itemsAcrossHomes: () => import('../features/items/across-homes/items-across-homes-screen'),
  walksIndex: () => sections().then((m) => ({ Component: m.WalksIndexScreen })),
  walkForm: () => import('../features/walks/walk-form-screen'),
  communication: () => sections().then((m) => ({ Component: m.CommunicationScreen })),
  phoneCalls: () => import('../features/communication/phone-calls-screen'),
  notes: () => import('../features/communication/notes-screen'),
  buyers: () => import('../features/collaboration/buyers-screen'),
  dailyLogs: () => import('../features/collaboration/daily-log-screen'),
  reviews: () => import('../features/collaboration/reviews-screen'),
  jobs: () => import('../features/jobs/jobs-screen'),
  vendors: () => directory().then((m) => ({ Component: m.VendorsScreen })),
  staff: () => import('./screens/staff-screen'),
  manageHomes: () => import('../features/collaboration/manage-homes-screen'),
  adminImport: () => import('../features/admin/components/import-screen'),
  account: () => import('./screens/account-screen'),
  changelogRoadmap: () => import('./screens/changelog-screen'),
  mutationQueue: () => import('./screens/sync-screen'),
  unauthorized: () => status().then((m) => ({ Component: m.Unauthorized })),
  notFound: () => status().then((m) => ({ Component: m.NotFound })),
  serverError: () => status().then((m) => ({ Component: m.ServerError })),
  underConstruction: () => status().then((m) => ({ Component: m.UnderConstruction })),
};

const loaded = new Map<ScreenName, Promise<ScreenModule>>();

export function loadScreen(name: ScreenName): Promise<ScreenModule> {
  let module = loaded.get(name);
  if (module === undefined) {
    // A screen draws with the signed-in app's texts, fetched with its first screen.
    module = Promise.all([SCREEN_MODULES[name](), loadAppTexts()]).then(([screen]) => screen);
    // A failed load (offline, new deploy) may be retried on the next navigation.
    module.catch(() => loaded.delete(name));
    loaded.set(name, module);
  }
  return module;
}

export function preloadScreen(name: ScreenName): void {
  loadScreen(name).catch(() => undefined);
}
