// `GET /api/links`: where the web app's outside links go (Documentation, the legacy system,
// the company website), set on the server by DOCS_URL, LEGACY_URL and COMPANY_URL
// (docs/configuration.md), so one built web app serves any company. Not secret: public.

import type { FastifyInstance } from 'fastify';
import type { ExternalLinks } from '@field/domain';

export function linkRoutes(api: FastifyInstance, links: ExternalLinks): void {
  api.get('/links', { config: { public: true } }, () => Promise.resolve(links));
}
