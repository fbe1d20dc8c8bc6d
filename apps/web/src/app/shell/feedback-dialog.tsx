// The feedback widget, titled Send Feedback: a message tagged with the selected home's
// recordId, homeID, homeRID and address, stored on the server for admins to read.

import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { feedbackSchema } from '@field/domain';
import { API_PATHS, apiClient } from '../../api/client';
import { useSelectedHome } from '../../data/homes';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const home = useSelectedHome();
  const location = useLocation();
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () =>
      apiClient.post(
        API_PATHS.feedback,
        {
          message: message.trim(),
          page: location.pathname,
          ...(home === null
            ? {}
            : {
                recordId: home.id,
                homeID: home.HomeID,
                homeRID: home.HomeRID,
                address: home.Address,
              }),
        },
        feedbackSchema,
      ),
  });
  const close = () => {
    onClose();
    if (send.isSuccess) {
      setMessage('');
      send.reset();
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('feedback.title')}</DialogTitle>
      <DialogContent>
        {send.isSuccess ? (
          <Alert severity="success">{t('feedback.thanks')}</Alert>
        ) : (
          <>
            {home !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('feedback.about', { address: home.Address })}
              </Typography>
            )}
            <TextField
              fullWidth
              multiline
              minRows={4}
              label={t('feedback.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            {send.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {send.error.message}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t(send.isSuccess ? 'feedback.close' : 'feedback.cancel')}</Button>
        {!send.isSuccess && (
          <Button
            variant="contained"
            disabled={message.trim() === '' || send.isPending}
            onClick={() => send.mutate()}
          >
            {t('feedback.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
