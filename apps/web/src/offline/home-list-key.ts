// Which query keys are a home's list of a resource (`[/api{base}, listByHome, homeId]`,
// the domain's lookupQueryKey): those are kept in the home store, every other query in the
// per-query cache.

import type { Resource } from '@field/domain';
import { LOOKUPS, RESOURCES, apiPath, resourceDef } from '@field/domain';

const BY_PATH: ReadonlyMap<string, Resource> = new Map(
  RESOURCES.filter((resource) => resourceDef(resource).lookups.includes('home')).map((resource) => [
    apiPath(resource),
    resource,
  ]),
);

export interface HomeListTarget {
  resource: Resource;
  homeId: string;
}

/** The resource and home of a home list's query key; undefined for any other key. */
export function homeListOfKey(queryKey: unknown): HomeListTarget | undefined {
  if (!Array.isArray(queryKey) || queryKey.length !== 3) return undefined;
  const parts: readonly unknown[] = queryKey;
  const [path, lookup, homeId] = parts;
  if (lookup !== LOOKUPS.home.single.path || typeof path !== 'string') return undefined;
  if (typeof homeId !== 'string' || homeId === '') return undefined;
  const resource = BY_PATH.get(path);
  return resource === undefined ? undefined : { resource, homeId };
}
