// The header's list menus (the notifications bell and the messages menu): an icon button
// with the unread count that opens a popover with a title and the list, or what stands in
// for it: the error with the catalogue's "Something went wrong", a progress bar while it
// loads, or the empty text.

import type { ReactNode } from 'react';
import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@field/domain';

export interface HeaderPopoverProps {
  icon: ReactNode;
  /** The button's accessible name (it says the unread count). */
  label: string;
  unread: number;
  maxBadge: number;
  title: string;
  width: number;
  testIds: { button: string; badge?: string; panel?: string };
  /** Called as the popover opens, e.g. to fetch the latest. */
  onOpen?: () => void;
  /** The popover's body, rendered only while it is open; `close` closes it. */
  children: (close: () => void) => ReactNode;
}

export function HeaderPopover(props: HeaderPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          props.onOpen?.();
        }}
        aria-label={props.label}
        aria-haspopup="dialog"
        data-testid={props.testIds.button}
      >
        <Badge
          badgeContent={props.unread}
          color="secondary"
          max={props.maxBadge}
          data-testid={props.testIds.badge}
        >
          {props.icon}
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: `min(${props.width}px, calc(100vw - 16px))` } } }}
      >
        {anchor !== null && (
          <Box role="dialog" aria-label={props.title} data-testid={props.testIds.panel}>
            <Typography sx={{ px: 2, py: 1.5, fontWeight: 650 }}>{props.title}</Typography>
            <Divider />
            {props.children(close)}
          </Box>
        )}
      </Popover>
    </>
  );
}

/** A list's place in the popover: its error, a progress bar, the empty text, or the list. */
export function PopoverList<T>(props: {
  error: Error | null;
  failedText: (message: string) => string;
  loadingLabel?: string;
  items: readonly T[] | undefined;
  emptyText: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (props.error !== null) {
    return (
      <Box role="alert" sx={{ p: 2 }}>
        <Typography color="error">{props.failedText(props.error.message)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {MESSAGES.somethingWentWrong}
        </Typography>
      </Box>
    );
  }
  if (props.items === undefined) return <LinearProgress aria-label={props.loadingLabel} />;
  if (props.items.length === 0) {
    return (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
        {props.emptyText}
      </Typography>
    );
  }
  return <>{props.children(props.items)}</>;
}
