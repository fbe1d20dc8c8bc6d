// The offer of an earlier draft when a form opens (docs/offline.md, Drafts): the form starts empty
// and the user chooses to resume the draft or discard it. Nothing shows without a draft.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { relativeTime } from '@field/domain';
import type { DraftRow } from '../offline/database';
import { useNow } from './use-now';

import { TAP } from './touch';

export interface DraftOfferProps {
  offer: Pick<DraftRow, 'key' | 'creationTime'> | undefined;
  onResume: () => void;
  onDismiss: () => unknown;
}

export function DraftOffer(props: DraftOfferProps) {
  const { t } = useTranslation();
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const { offer } = props;
  if (offer === undefined) return null;

  const relative = relativeTime(offer.creationTime, now);
  const when =
    relative.unit === 'justNow'
      ? t('formDraft.justNow')
      : relative.unit === 'date'
        ? t('formDraft.onDate', { date: relative.date })
        : t(`formDraft.${relative.unit}`, { count: relative.count });

  async function dismiss(): Promise<void> {
    setBusy(true);
    try {
      await props.onDismiss();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert
      severity="info"
      data-testid="draft-offer"
      data-draft-key={offer.key}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      {t('formDraft.offer', { when })}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" size="small" sx={TAP} disabled={busy} onClick={props.onResume}>
          {t('formDraft.resume')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="inherit"
          sx={TAP}
          disabled={busy}
          onClick={() => void dismiss()}
        >
          {t('formDraft.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}
