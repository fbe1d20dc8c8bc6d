// The toasts' host, loaded with the first toast (lib/toast.ts): notistack's provider with
// the app's placement (across a phone, in a desktop's bottom right corner) and duration. Information, success and warning toasts (syncing,
// synced, "Temporary issue ... Retrying...") are announced politely as a status; errors
// stay alerts. Each has a close button.

import { forwardRef, useEffect, useLayoutEffect, useRef } from 'react';
import { styled, useTheme } from '@mui/material/styles';
import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CustomContentProps } from 'notistack';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { UI } from '@field/domain';
import type { ToastFunctions } from '../lib/toast';
import { toastHostMounted } from '../lib/toast';
import { ToastCloseButton } from './toast-close';
import { TOAST_LIFT } from './toast-lift';

/**
 * notistack's look with darker colours: its own orange, blue and green put white text at
 * 2.2, 3.1 and 3.3 to 1, below the 4.5 a small text needs in daylight on a site. Each of
 * these is 5 to 8 to 1.
 */
const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a84300' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});

const PoliteToast = forwardRef<HTMLDivElement, CustomContentProps>(
  function PoliteToast(props, forwarded) {
    const own = useRef<HTMLDivElement | null>(null);
    useLayoutEffect(() => {
      own.current?.setAttribute('role', 'status');
    });
    return (
      <ToastContent
        {...props}
        ref={(node) => {
          own.current = node;
          if (typeof forwarded === 'function') forwarded(node);
          else if (forwarded !== null) forwarded.current = node;
        }}
      />
    );
  },
);

const TOAST_COMPONENTS = {
  default: PoliteToast,
  info: PoliteToast,
  success: PoliteToast,
  warning: PoliteToast,
  error: ToastContent,
};

// Through notistack's live exports: a provider mounted later (a test's next render) takes
// over from the one before.
const notistack: ToastFunctions = {
  enqueueSnackbar: (message, options) => enqueueSnackbar(message, options),
  closeSnackbar: (key) => closeSnackbar(key),
};

export default function ToastHost({ maxSnack = 3 }: { maxSnack?: number }) {
  useEffect(() => toastHostMounted(notistack), []);
  // A phone shows a toast across its width; a desktop in its corner, out of the way of the
  // screen's content, as desktop apps place their notices.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  return (
    <>
      {/* Above a bar fixed to the screen's bottom while one is shown (ui/toast-lift.ts). */}
      <GlobalStyles
        styles={{ '.notistack-SnackbarContainer': { marginBottom: `var(${TOAST_LIFT}, 0px)` } }}
      />
      <SnackbarProvider
        maxSnack={maxSnack}
        autoHideDuration={UI.toastDurationMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: wide ? 'right' : 'center' }}
        Components={TOAST_COMPONENTS}
        // Every toast can be closed; a toast with actions of its own adds the button itself.
        action={(key) => <ToastCloseButton toastKey={key} />}
      />
    </>
  );
}
