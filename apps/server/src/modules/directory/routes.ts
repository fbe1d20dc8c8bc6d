// Employees and vendors: full lists and differential updates (section 7).

import type { FastifyInstance } from 'fastify';
import { RESOURCE_ACCESS } from '@field/domain';
import type { RouteDeps } from '../records/routes.js';
import { syncListRoutes } from '../records/routes.js';

export function directoryRoutes(app: FastifyInstance, deps: RouteDeps): void {
  for (const [base, kind] of [
    ['/field_employees', 'employees'],
    ['/field_vendors', 'vendors'],
  ] as const) {
    syncListRoutes(app, deps, {
      base,
      kind,
      read: RESOURCE_ACCESS[kind].read,
      list: 'list',
      updatedAfter: 'listUpdatedAfter',
    });
  }
}
