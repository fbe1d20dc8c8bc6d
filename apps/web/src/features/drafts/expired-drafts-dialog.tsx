// The expired-drafts dialog (docs/offline.md, Drafts): after sign-in, drafts whose expiry has
// passed are listed with Extend (by 1 month) and Delete. Any signed-in user may act on them;
// failures show the specification's messages. Mounted once for the whole app (main.tsx), it opens
// by itself whenever the signed-in user has expired drafts; Later puts it away for that user until
// the page is loaded again.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { DRAFTS, MESSAGES } from '@field/domain';
import { draftExpiry } from '../../offline/drafts';
import { useExpiredDrafts, useOfflineEngine, useSessionUserId } from '../../offline/react';

export function ExpiredDraftsDialog() {
  const { t } = useTranslation();
  // The id the drafts are filtered by (set with the session's token, also when opened offline).
  const userId = useSessionUserId();
  const { drafts } = useOfflineEngine();
  const expired = useExpiredDrafts();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = userId !== null && expired.length > 0 && dismissedFor !== userId;

  async function act(run: () => Promise<unknown>, failure: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => setDismissedFor(userId)}
      aria-labelledby="expired-drafts-title"
      data-testid="expired-drafts-dialog"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="expired-drafts-title">{t('drafts.expiredTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="info">{t('drafts.expiredIntro')}</Alert>
          {error !== null && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <List disablePadding>
            {expired.map((draft) => (
              <ListItem
                key={draft.key}
                divider
                data-draft-key={draft.key}
                sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
              >
                <ListItemText
                  primary={draft.title || draft.formTitle}
                  secondary={t('drafts.expiredOn', {
                    address: draft.address,
                    date: new Date(draftExpiry(draft)).toLocaleDateString(),
                  })}
                  sx={{ minWidth: 180 }}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="outlined"
                    disabled={busy}
                    sx={{ minHeight: 44 }}
                    onClick={() =>
                      void act(
                        () => drafts.extend(draft.key, DRAFTS.defaultExtensionMonths),
                        MESSAGES.extendDraftFailed,
                      )
                    }
                  >
                    {t('drafts.extend')}
                  </Button>
                  <Button
                    color="error"
                    disabled={busy}
                    sx={{ minHeight: 44 }}
                    onClick={() =>
                      void act(() => drafts.deleteMany([draft.key]), MESSAGES.deleteDraftFailed)
                    }
                  >
                    {t('drafts.delete')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          disabled={busy}
          sx={{ minHeight: 44 }}
          onClick={() =>
            void act(
              () => drafts.deleteMany(expired.map((draft) => draft.key)),
              MESSAGES.deleteDraftsFailed,
            )
          }
        >
          {t('drafts.deleteAll')}
        </Button>
        <Button sx={{ minHeight: 44 }} onClick={() => setDismissedFor(userId)}>
          {t('drafts.later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
