// A vendor's trade links (docs/api.md, Trade links): sent, listed and revoked online only,
// like the administration's calls: a link is a mail the server sends now, not a record to
// queue (docs/decisions.md, The trade's own link).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tradeLinkSummarySchema, z } from '@field/domain';
import { apiClient } from '../../api/client';

const BASE = '/api/field_vendors/trade-links';
const keyOf = (vendorId: string) => ['trade-links', vendorId] as const;

export function useTradeLinks(vendorId: string) {
  return useQuery({
    queryKey: keyOf(vendorId),
    queryFn: ({ signal }) =>
      apiClient.get(
        `${BASE}?vendorId=${encodeURIComponent(vendorId)}`,
        z.array(tradeLinkSummarySchema),
        {
          signal,
        },
      ),
  });
}

export function useTradeLinkActions(vendorId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: keyOf(vendorId) });
  return {
    send: useMutation({
      mutationFn: (email: string) =>
        apiClient.post(
          BASE,
          { vendorId, ...(email === '' ? {} : { email }) },
          tradeLinkSummarySchema,
        ),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        apiClient.post(`${BASE}/${encodeURIComponent(id)}/revoke`, {}, tradeLinkSummarySchema),
      onSettled,
    }),
  };
}
