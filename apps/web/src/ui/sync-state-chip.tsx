// A record's own sync state on a list: waiting to send, or failed (see the Mutation
// Queue); nothing when the server has it.

import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import CloudOff from '@mui/icons-material/CloudOff';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import type { RecordSyncState } from '../data/queued-records';

export function SyncStateChip(props: { state: RecordSyncState | undefined }) {
  const { t } = useTranslation();
  if (props.state === undefined) return null;
  const failed = props.state === 'failed';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={failed ? 'error' : 'warning'}
      icon={failed ? <ErrorOutline /> : <CloudOff />}
      label={t(failed ? 'syncState.failed' : 'syncState.pending')}
      data-testid="sync-state"
    />
  );
}
