// TanStack Query's provider with the app's one client (query-client.ts). Placed around what
// reads server state (the signed-in shell, the sign-in providers' buttons), not around the
// whole app, so the guest screens' first load goes without TanStack Query's code.

import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fieldQueryClient } from './query-client';

export function FieldQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={fieldQueryClient()}>{children}</QueryClientProvider>;
}
