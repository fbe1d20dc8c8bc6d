// Read-only records of a home: permits and tests, reviews, jobs and job schedules.

import type { FastifyInstance } from 'fastify';
import { MESSAGES, RESOURCE_ACCESS } from '@field/domain';
import type { RouteDeps } from '../records/routes.js';
import { homeLookupRoutes, lookupRoutes } from '../records/routes.js';

export function homeRecordRoutes(app: FastifyInstance, deps: RouteDeps): void {
  for (const kind of ['permits', 'radon', 'soil', 'openhole', 'gic'] as const) {
    homeLookupRoutes(app, deps, {
      base: `/field_testing/${kind}`,
      kind,
      read: RESOURCE_ACCESS[kind].read,
    });
  }
  homeLookupRoutes(app, deps, {
    base: '/field_reviews',
    kind: 'reviews',
    read: RESOURCE_ACCESS.reviews.read,
  });
  homeLookupRoutes(app, deps, {
    base: '/field_jobs/jobs',
    kind: 'jobs',
    read: RESOURCE_ACCESS.jobs.read,
  });
  lookupRoutes(app, deps, {
    base: '/field_jobs/schedules',
    kind: 'jobSchedules',
    column: 'parent_id',
    read: RESOURCE_ACCESS.jobSchedules.read,
    single: { path: 'listByJob', param: 'jobId', message: MESSAGES.jobIdRequired },
    batch: { path: 'listByJobs', param: 'jobIds', message: MESSAGES.jobIdsRequired },
  });
}
