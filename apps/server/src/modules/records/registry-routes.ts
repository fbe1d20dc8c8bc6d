// Every resource of the domain's registry, registered from its entry: whole lists with
// their differential twin, the lookups by home / walk / job (records a user may not read
// by their type are left out), and the submit / update / delete of records that hang off
// a home or belong to the company (employees, vendors). A short table names the exceptions whose writes have rules of their own.

import type { FastifyInstance } from 'fastify';
import type { Resource, ResourceDef } from '@field/domain';
import {
  LOOKUPS,
  MESSAGES,
  RESOURCES,
  WALK_KINDS,
  hasAccess,
  publicHomeView,
  resourceDef,
  typeScopeOf,
  updateRequirement,
  worksOnEveryHome,
} from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { requireAccess } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { requireId } from '../../http/validate.js';
import { homeWriteRoutes } from '../homes/routes.js';
import { walkFormWriteRoutes, walkItemWriteRoutes } from '../walks/routes.js';
import type { RouteDeps } from './deps.js';
import type { HomeRecordWrites } from './home-record-routes.js';
import { homeRecordWriteRoutes } from './home-record-routes.js';
import { lookupRoutes, syncListRoutes } from './list-routes.js';
import { toApiRecord } from './repository.js';

type Registrar = (app: FastifyInstance, deps: RouteDeps) => void;

/** Writes with rules of their own: a home's fields and staff, items and walks by type. */
const WRITE_EXCEPTIONS: Partial<Record<Resource, Registrar>> = {
  homes: homeWriteRoutes,
  walkItems: walkItemWriteRoutes,
  ...Object.fromEntries(
    WALK_KINDS.map((kind): [Resource, Registrar] => [
      kind,
      (app, deps) => walkFormWriteRoutes(app, deps, kind),
    ]),
  ),
};

/** What a generic write checks beyond the registry's facts. */
const WRITE_RULES: Partial<Record<Resource, Pick<HomeRecordWrites, 'updateFields'>>> = {
  phoneCalls: {
    // Customer service changes notes and voicemail; the date and staff of a call are its
    // log, changed only with the logging scope (403: valid request, scope missing).
    updateFields: {
      requirement: (fields) => updateRequirement('phoneCalls', fields),
      message: MESSAGES.phoneCallNotesOnly,
    },
  },
};

/** A record is visible when the caller reads the scope its type names (typeScope). */
function visibility(resource: Resource, def: ResourceDef) {
  if (def.typeScope === undefined) return {};
  return {
    visible: (record: Record<string, unknown>, user: AuthUser) => {
      const scope = typeScopeOf(resource, record);
      return scope === undefined ? user.access.admin : hasAccess(user.access, [scope], 'read');
    },
  };
}

function scopesOf(resource: Resource, def: ResourceDef): HomeRecordWrites['scopes'] {
  const of = (op: 'submit' | 'update' | 'delete') => {
    const write = def.operations?.[op]?.write;
    if (write === 'byType') {
      throw new Error(`${resource}: a ${op} by type needs a write exception`);
    }
    return write;
  };
  const [submit, update, remove] = [of('submit'), of('update'), of('delete')];
  if (update === undefined) {
    throw new Error(`${resource}: a record written here needs an update scope`);
  }
  return {
    update,
    ...(submit === undefined ? {} : { submit }),
    ...(remove === undefined ? {} : { delete: remove }),
  };
}

/**
 * `GET /history?kind=&id=`: a record's writes, oldest first (who, when, which fields,
 * before and after). The caller must be allowed to read the record: its resource's read
 * scope and, for records visible by type, the type's scope. `&userId=` keeps one user's
 * writes: admins only.
 */
function historyRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/history', async (request) => {
    const kind = requireId(request.query, 'kind', MESSAGES.historyKindAndIdRequired);
    if (!(RESOURCES as readonly string[]).includes(kind)) {
      throw badRequest(`Invalid value for "kind": no such resource`);
    }
    const resource = kind as Resource;
    const def = resourceDef(resource);
    const user = requireAccess(request, def.read, 'read');
    const id = requireId(request.query, 'id', MESSAGES.historyKindAndIdRequired);
    const query = request.query as Record<string, unknown>;
    const userId = typeof query['userId'] === 'string' ? query['userId'] : undefined;
    if (userId !== undefined && !user.access.admin) throw forbidden();
    const row = await deps.records.find(deps.db, kind, id);
    if (row === undefined) throw notFound();
    const visible = visibility(resource, def).visible;
    if (visible !== undefined && !visible(toApiRecord(row), user)) throw notFound();
    await deps.homes.requireRow(deps.db, user, row);
    return deps.history.list(kind, id, userId);
  });
}

/**
 * Homes as a reader sees them: whole where they may work on the home, address and status
 * only elsewhere (docs/decisions.md, Access by home); whole, as stored, for a reader who
 * works on every home.
 */
function homeViews(deps: RouteDeps) {
  return (user: AuthUser) => {
    if (worksOnEveryHome(deps.homes.viewer(user))) return undefined;
    return (row: RecordsTable) => {
      const home = toApiRecord(row);
      return deps.homes.mayWork(user, row) ? home : publicHomeView(home);
    };
  };
}

export function registryRoutes(app: FastifyInstance, deps: RouteDeps): void {
  historyRoute(app, deps);
  for (const resource of RESOURCES) {
    const def = resourceDef(resource);
    const common = { base: def.base, kind: resource, read: def.read };
    if (def.syncList !== undefined) {
      syncListRoutes(app, deps, {
        ...common,
        ...def.syncList,
        ...(resource === 'homes' ? { viewFor: homeViews(deps) } : {}),
        activeOnly: def.syncList.activeOnly === true,
      });
    }
    for (const lookup of def.lookups) {
      lookupRoutes(app, deps, {
        ...common,
        ...LOOKUPS[lookup],
        ...visibility(resource, def),
        cache: deps.lists,
      });
    }
    const exception = WRITE_EXCEPTIONS[resource];
    if (exception !== undefined) {
      exception(app, deps);
    } else if (def.mutationType !== undefined && def.update !== undefined) {
      homeRecordWriteRoutes(app, deps, {
        ...common,
        mutationType: def.mutationType,
        ...(def.input === undefined ? {} : { input: def.input }),
        update: def.update,
        homeField: def.homeField,
        scopes: scopesOf(resource, def),
        immutable: def.immutable,
        ...WRITE_RULES[resource],
      });
    }
  }
}
