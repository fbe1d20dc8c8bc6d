// The release roadmap (`/support/changelog`): the code host's issues by state and
// milestone, as the server last read them, saying when the copy is old or missing.

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { changelogAnswerSchema, formatNotificationDate } from '@field/domain';
import { apiClient } from '../../api/client';

const CHANGELOG_PATH = '/api/changelog';

export function Component() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['changelog'],
    queryFn: ({ signal }) => apiClient.get(CHANGELOG_PATH, changelogAnswerSchema, { signal }),
  });
  if (query.error !== null) return <Alert severity="error">{query.error.message}</Alert>;
  if (query.data === undefined) return <LinearProgress aria-label={t('app.loading')} />;
  const answer = query.data;
  return (
    <Stack spacing={2}>
      {answer.message !== undefined && (
        <Alert
          severity={answer.status === 'stale' ? 'warning' : 'info'}
          data-testid="changelog-message"
        >
          {answer.message}
        </Alert>
      )}
      {answer.fetchedAt !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('changelog.summary', {
            total: answer.total,
            repository: answer.repository ?? '',
            date: formatNotificationDate(answer.fetchedAt),
          })}
        </Typography>
      )}
      {answer.groups.map((group) => (
        <Box key={group.state} component="section" aria-labelledby={`state-${group.state}`}>
          <Typography id={`state-${group.state}`} variant="h2" sx={{ mb: 1 }}>
            {t(`changelog.${group.state}`)} ({group.count})
          </Typography>
          {group.milestones.map((entry) => (
            <Accordion
              key={entry.milestone?.number ?? 'none'}
              defaultExpanded={group.state === 'open'}
              disableGutters
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography sx={{ fontWeight: 650 }}>
                  {entry.milestone?.title ?? t('changelog.noMilestone')}
                </Typography>
                <Chip size="small" label={entry.issues.length} sx={{ ml: 1 }} />
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                <List dense disablePadding>
                  {entry.issues.map((issue) => (
                    <ListItem key={issue.number} disableGutters data-testid="changelog-issue">
                      <ListItemText
                        primary={
                          <Link href={issue.url} target="_blank" rel="noopener noreferrer">
                            #{issue.number} {issue.title}
                          </Link>
                        }
                        secondary={issue.labels.map((label) => label.name).join(' · ') || undefined}
                      />
                    </ListItem>
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
