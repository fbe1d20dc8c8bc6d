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
  legacySystem: fromEnv(import.meta.env['VITE_LEGACY_SYSTEM_URL'], 'https://legacy.example.com'),
  companyWebsite: fromEnv(import.meta.env['VITE_COMPANY_WEBSITE_URL'], 'https://www.example.com'),
} as const;
