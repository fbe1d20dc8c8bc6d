// The card every guest screen sits on.

import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 440, mt: { xs: 1, sm: 6 } }}
    >
      <Stack spacing={2}>
        <div>
          <Typography variant="h1">{title}</Typography>
          {intro !== undefined && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {intro}
            </Typography>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
