// The menu footer's "Manage Your Homes", set at build time (VITE_MANAGE_YOUR_HOMES_URL):
// empty by default, which means the app's own Manage Homes screen (/collaboration/homes).
// The other outside links are the server's settings (data/external-links.ts).

export const MANAGE_YOUR_HOMES_URL: string =
  typeof import.meta.env['VITE_MANAGE_YOUR_HOMES_URL'] === 'string'
    ? import.meta.env['VITE_MANAGE_YOUR_HOMES_URL']
    : '';
