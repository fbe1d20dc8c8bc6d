// Feedback sent from the app's Send Feedback widget, newest first, for administrators.

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { feedbackListSchema, formatNotificationDate } from '@field/domain';
import { apiClient } from '../../../api/client';

const FEEDBACK_PATH = '/api/feedback';

export function FeedbackList() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'feedback'],
    queryFn: async ({ signal }) =>
      (await apiClient.get(FEEDBACK_PATH, feedbackListSchema, { signal })).feedback,
  });
  if (query.error !== null) return <Alert severity="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <LinearProgress aria-label={t('app.loading')} />;
  if (query.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography role="status">{t('admin.noFeedback')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack
      spacing={1}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('admin.feedback')}
    >
      {query.data.map((item) => (
        <Paper component="li" variant="outlined" key={item.id} sx={{ p: 2 }}>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.message}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {[
              item.userEmail,
              formatNotificationDate(item.createdAt),
              item.address,
              item.homeID && `${t('fields.HomeID')} ${item.homeID}`,
              item.page,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
