// The company lists an import writes (homes, employees, vendors) brought up to date on the
// device once the import is applied: they are cached for 5 minutes and kept across reloads
// (offline/query-persister.ts), so without this the admin who just imported would see the
// old, often empty, lists until the next refresh (docs/offline.md).

import { useCallback } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { ImportEntity } from '@field/domain';
import { QUERY_CACHE_PREFIX } from '../offline/query-persister';
import { useOptionalOfflineEngine } from '../offline/react';
import { homesQueryKey } from './homes';
import { recordListKey } from './records';

/** Resolves once the device's copy of the entity's list holds what the server has. */
export function useRefreshCompanyList(): (entity: ImportEntity) => Promise<void> {
  const queryClient = useQueryClient();
  const engine = useOptionalOfflineEngine();
  return useCallback(
    async (entity: ImportEntity) => {
      const queryKey: readonly string[] = entity === 'homes' ? homesQueryKey : recordListKey(entity);
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query?.options.queryFn !== undefined) {
        // A screen read it already: its differential sync brings the changes in, and the
        // copy is stored now rather than after the persister's pause.
        await queryClient.refetchQueries({ queryKey, exact: true, type: 'all' });
        engine?.persister.persistQuery(query);
      } else {
        // Only the stored copy: dropped, so the next screen to read the list fetches it.
        queryClient.removeQueries({ queryKey, exact: true });
        engine?.persister.storage.removeItem(`${QUERY_CACHE_PREFIX}-${hashKey(queryKey)}`);
      }
      await engine?.persister.storage.flush();
    },
    [engine, queryClient],
  );
}
