// The history of a record from its own screen: a button that opens the history dialog.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import History from '@mui/icons-material/History';
import type { Resource } from '@field/domain';
import type { HistoryLink } from './history-dialog';
import { HistoryDialog } from './history-dialog';

export function HistoryButton(props: {
  kind: Resource;
  recordId: string;
  label: string;
  /** The records whose writes show together (a signed walk and its amendments). */
  chain?: readonly HistoryLink[] | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        sx={{ minHeight: 44, minWidth: 44 }}
        aria-label={t('history.open', { label: props.label })}
        onClick={() => setOpen(true)}
      >
        <History />
      </IconButton>
      {open && (
        <HistoryDialog
          kind={props.kind}
          recordId={props.recordId}
          title={props.label}
          chain={props.chain}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
