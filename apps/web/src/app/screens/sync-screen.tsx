// The Sync screen (`/sync`): offline readiness of the homes the user carries (issue 11)
// above the Mutation Queue of writes not yet delivered.

import Stack from '@mui/material/Stack';
import { OfflineReadinessPanel } from '../../ui/offline-readiness';
import { Component as MutationQueue } from './mutation-queue-screen';

export function Component() {
  return (
    <Stack spacing={2}>
      <OfflineReadinessPanel />
      <MutationQueue />
    </Stack>
  );
}
