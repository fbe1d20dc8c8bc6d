// A home's buyers (spec-clarifications, "Notes and buyers").

import type { FastifyInstance } from 'fastify';
import { RESOURCE_ACCESS, buyerInputSchema, buyerUpdateSchema } from '@field/domain';
import type { RouteDeps } from '../records/routes.js';
import { homeLookupRoutes, homeRecordWriteRoutes } from '../records/routes.js';

export function collaborationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const buyers = RESOURCE_ACCESS.buyers;
  const base = '/field_collaboration/buyers';
  homeLookupRoutes(app, deps, { base, kind: 'buyers', read: buyers.read });
  homeRecordWriteRoutes(app, deps, {
    base,
    kind: 'buyers',
    mutationType: 'buyer',
    input: buyerInputSchema,
    update: buyerUpdateSchema,
    homeField: 'HomeRID',
    scopes: { submit: buyers.write, update: buyers.write, delete: buyers.write },
  });
}
