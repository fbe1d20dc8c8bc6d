// Where the app's outside links go (Documentation, the legacy system, the company website):
// set on the server (DOCS_URL, LEGACY_URL, COMPANY_URL; docs/configuration.md) and asked of
// it like its other settings, kept on the device with every query for offline starts. A
// link the server does not set is null, and not shown.

import { useQuery } from '@tanstack/react-query';
import type { ExternalLinks } from '@field/domain';
import { externalLinksSchema } from '@field/domain';
import { apiClient } from '../api/client';

const NONE: ExternalLinks = { documentation: null, legacySystem: null, companyWebsite: null };

export function useExternalLinks(): ExternalLinks {
  const query = useQuery({
    queryKey: ['/api/links'],
    queryFn: ({ signal }) => apiClient.get('/api/links', externalLinksSchema, { signal }),
    // A server setting: asked again after an hour, or on the next start.
    staleTime: 60 * 60 * 1000,
  });
  return query.data ?? NONE;
}
