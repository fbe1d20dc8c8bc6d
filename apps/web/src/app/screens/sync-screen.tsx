// The Sync screen (`/sync`): the Mutation Queue of writes not yet delivered (what the
// offline indicator and the sync-failure toast open it for), the backup of those writes
// and drafts, then the offline readiness of the homes the user carries (issue 11), whose
// list can run long on a phone.

import Stack from '@mui/material/Stack';
import { useOptionalOfflineEngine } from '../../offline/engine-context';
import { BackupControls } from '../../ui/backup-controls';
import { OfflineReadinessPanel } from '../../ui/offline-readiness';
import { Component as MutationQueue } from './mutation-queue-screen';

export function Component() {
  const engine = useOptionalOfflineEngine();
  return (
    <Stack spacing={2}>
      <MutationQueue />
      {engine !== null && <BackupControls />}
      <OfflineReadinessPanel />
    </Stack>
  );
}
