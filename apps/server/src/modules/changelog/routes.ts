// `GET /api/changelog`: the release roadmap for any signed-in user (docs/api.md).

import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import type { ChangelogService } from './service.js';

export function changelogRoutes(api: FastifyInstance, changelog: ChangelogService): void {
  api.get('/changelog', async (request) => {
    currentUser(request);
    return changelog.answer();
  });
}
