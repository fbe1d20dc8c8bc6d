// One titled, outlined section of a walk form (its photos, its punch items).

import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function WalkSection(props: { title: string; spacing: number; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={props.spacing}>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
        {props.children}
      </Stack>
    </Paper>
  );
}
