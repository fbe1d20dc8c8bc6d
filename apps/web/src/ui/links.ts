// Links that leave the app (menu footer and profile menu). Each can be set at build time
// (VITE_* variables) for a real deployment.

function fromEnv(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

export const EXTERNAL_LINKS = {
  documentation: fromEnv(
    import.meta.env['VITE_DOCUMENTATION_URL'],
    'https://docs.example.com/field-app',
  ),
  /**
   * The menu footer's "Manage Your Homes": empty by default, which means the app's own
   * Manage Homes screen (/collaboration/homes); set it to send users to another system.
   */
  manageYourHomes:
    typeof import.meta.env['VITE_MANAGE_YOUR_HOMES_URL'] === 'string'
      ? import.meta.env['VITE_MANAGE_YOUR_HOMES_URL']
      : '',
  legacySystem: fromEnv(import.meta.env['VITE_LEGACY_SYSTEM_URL'], 'https://legacy.example.com'),
  companyWebsite: fromEnv(import.meta.env['VITE_COMPANY_WEBSITE_URL'], 'https://www.example.com'),
} as const;
