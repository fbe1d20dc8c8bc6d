// A vendor's trade links (docs/api.md, Trade links; docs/decisions.md, The trade's own link).
// Sending one is a write of the device's queue like any other, so it works offline: the
// server mails the link when the write arrives, once however often it is replayed. Listing
// and revoking links are calls, online only.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRADE_LINK,
  TRADE_LINK_MUTATION_TYPE,
  apiPath,
  tradeLinkSettingsSchema,
  tradeLinkSummarySchema,
  z,
} from '@field/domain';
import { apiClient } from '../api/client';
import type { MutationRow } from '../offline/database';
import { useOfflineEngine, useQueuedMutations } from '../offline/react';
import { queuedData } from './queued-records';

const BASE = `${apiPath('vendors')}/trade-links`;
const TYPES = [TRADE_LINK_MUTATION_TYPE];
const keyOf = (vendorId: string) => ['trade-links', vendorId] as const;

export function useTradeLinks(vendorId: string) {
  return useQuery({
    queryKey: keyOf(vendorId),
    queryFn: ({ signal }) =>
      apiClient.get(
        `${BASE}?vendorId=${encodeURIComponent(vendorId)}`,
        z.array(tradeLinkSummarySchema),
        { signal },
      ),
  });
}

/** How many days a link sent now works: the server's setting, the domain's default until known. */
export function useTradeLinkDays(): number {
  const settings = useQuery({
    queryKey: ['trade-link-settings'],
    queryFn: ({ signal }) => apiClient.get(`${BASE}/settings`, tradeLinkSettingsSchema, { signal }),
  });
  return settings.data?.ttlDays ?? TRADE_LINK.ttlDays;
}

/** Queues the link to `email` (checked by the caller); resolves with the write's id once stored. */
export function useSendTradeLink(vendorId: string): (email: string) => Promise<string> {
  const engine = useOfflineEngine();
  return useCallback(
    async (email: string) => {
      const row = await engine.queue.enqueue({
        type: TRADE_LINK_MUTATION_TYPE,
        operation: 'send',
        data: { vendorId, email },
        queryKeys: [keyOf(vendorId)],
      });
      return row.id;
    },
    [engine, vendorId],
  );
}

/** The links to this vendor still on the device (waiting or failed), oldest first. */
export function useQueuedTradeLinks(vendorId: string): MutationRow[] {
  const rows = useQueuedMutations(TYPES);
  return useMemo(
    () => rows.filter((row) => queuedData(row)['vendorId'] === vendorId),
    [rows, vendorId],
  );
}

/**
 * The trade links this tab's queue delivered since the caller mounted (the queue's `sent`
 * events): a write sent at once may leave the device before a list of queued writes shows it.
 */
export function useDeliveredTradeLinks(): ReadonlySet<string> {
  const engine = useOfflineEngine();
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(
    () =>
      engine.queue.subscribe((event) => {
        if (event.type === 'sent' && event.mutation.type === TRADE_LINK_MUTATION_TYPE) {
          setIds((current) => new Set([...current, event.mutation.id]));
        }
      }),
    [engine],
  );
  return ids;
}

export function useRevokeTradeLink(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(`${BASE}/${encodeURIComponent(id)}/revoke`, {}, tradeLinkSummarySchema),
    onSettled: () => client.invalidateQueries({ queryKey: keyOf(vendorId) }),
  });
}
