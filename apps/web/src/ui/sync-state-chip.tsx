// A record's own sync state on a list: waiting to send, failed (see the Mutation Queue),
// or a conflict (someone else changed it: the chip opens the choice); nothing when the
// server has it.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import CloudOff from '@mui/icons-material/CloudOff';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import type { RecordSyncState } from '../data/queued-records';
import { queuedData } from '../data/queued-records';
import { useQueuedMutations } from '../offline/react';
import { ConflictDialog } from './conflict-panel';

/** A record's parked writes, live, to choose in a dialog (ui/conflict-panel.tsx). */
function RecordConflicts(props: { recordId: string; onClose: () => void }) {
  const queued = useQueuedMutations();
  const rows = queued.filter(
    (row) => row.status === 'conflict' && queuedData(row)['id'] === props.recordId,
  );
  return <ConflictDialog rows={rows} onClose={props.onClose} />;
}

export function SyncStateChip(props: {
  state: RecordSyncState | undefined;
  /** The record: a conflict's chip opens its choice. */
  recordId?: string;
}) {
  const { t } = useTranslation();
  // Kept here, not in the conflict's chip: once the user chooses, the record is waiting
  // to send again, and the dialog stays to say the choice is made until it is closed.
  const [open, setOpen] = useState(false);
  const recordId = props.recordId;
  const dialog =
    open && recordId !== undefined ? (
      <RecordConflicts recordId={recordId} onClose={() => setOpen(false)} />
    ) : null;
  if (props.state === undefined) return dialog;
  if (props.state === 'conflict') {
    return (
      <>
        <Chip
          size="small"
          color="warning"
          icon={<ErrorOutline />}
          label={t('syncState.conflict')}
          data-testid="sync-state"
          {...(recordId === undefined ? {} : { onClick: () => setOpen(true) })}
        />
        {dialog}
      </>
    );
  }
  const failed = props.state === 'failed';
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={failed ? 'error' : 'warning'}
        icon={failed ? <ErrorOutline /> : <CloudOff />}
        label={t(failed ? 'syncState.failed' : 'syncState.pending')}
        data-testid="sync-state"
      />
      {dialog}
    </>
  );
}
