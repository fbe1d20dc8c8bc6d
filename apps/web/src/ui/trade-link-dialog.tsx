// A vendor's trade link (docs/decisions.md, The trade's own link), opened from the vendors'
// page and from a selection of items assigned to one vendor: send the trade a link by
// e-mail (the vendor's own address by default), see the links sent, active or not, and
// revoke one. Sending goes through the write queue, offline too: the link shows as waiting
// until the server has it, then as active. Revoking needs a connection.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TradeLinkSummary } from '@field/domain';
import { MESSAGES, tradeLinkSendSchema } from '@field/domain';
import type { FieldRecord } from '../data/records';
import { textOf } from '../data/records';
import { queuedData } from '../data/queued-records';
import {
  useDeliveredTradeLinks,
  useQueuedTradeLinks,
  useRevokeTradeLink,
  useSendTradeLink,
  useTradeLinkDays,
  useTradeLinks,
} from '../data/trade-links';
import type { MutationRow } from '../offline/database';
import { errorText } from './error-text';
import { TAP } from './touch';
import { useOnline } from './use-online';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

type LinkState = 'active' | 'expired' | 'revoked';

function stateOf(link: TradeLinkSummary, now: number): LinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(link.expiresAt) <= now ? 'expired' : 'active';
}

const emailOf = (row: MutationRow): string => {
  const email = queuedData(row)['email'];
  return typeof email === 'string' ? email : '';
};

/** A link still on the device: waiting to be sent, or failed (see the Mutation Queue). */
function QueuedLink(props: { row: MutationRow }) {
  const { t } = useTranslation();
  const failed = props.row.status === 'failed' || props.row.status === 'conflict';
  const sent = {
    email: emailOf(props.row),
    date: day(new Date(props.row.timestamp).toISOString()),
  };
  return (
    <ListItem disableGutters data-link-state={failed ? 'failed' : 'queued'}>
      <ListItemText
        sx={{ overflowWrap: 'anywhere' }}
        primary={t('tradeLinks.sentTo', sent)}
        secondary={
          <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
            <Chip
              component="span"
              size="small"
              label={t(failed ? 'tradeLinks.failed' : 'tradeLinks.queued')}
              color={failed ? 'error' : 'warning'}
            />
            {failed && props.row.error !== undefined && <span>{props.row.error}</span>}
          </Stack>
        }
      />
    </ListItem>
  );
}

function SentLinks(props: { vendorId: string; online: boolean }) {
  const { t } = useTranslation();
  const links = useTradeLinks(props.vendorId);
  const queued = useQueuedTradeLinks(props.vendorId);
  const revoke = useRevokeTradeLink(props.vendorId);
  const [now] = useState(() => Date.now());
  const sent = links.data ?? [];
  if (links.data === undefined && queued.length === 0) return null;
  if (sent.length === 0 && queued.length === 0)
    return <Typography color="text.secondary">{t('tradeLinks.none')}</Typography>;
  return (
    <List dense disablePadding aria-label={t('tradeLinks.sentLinks')}>
      {[...queued].reverse().map((row) => (
        <QueuedLink key={row.id} row={row} />
      ))}
      {sent.map((link) => {
        const state = stateOf(link, now);
        const to = { email: link.sentTo, date: day(link.createdAt) };
        return (
          <ListItem
            key={link.id}
            disableGutters
            data-link-state={state}
            secondaryAction={
              state === 'active' ? (
                <Button
                  color="error"
                  sx={TAP}
                  disabled={!props.online || revoke.isPending}
                  aria-label={t('tradeLinks.revokeLabel', to)}
                  onClick={() => revoke.mutate(link.id)}
                >
                  {t('tradeLinks.revoke')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              sx={{ pr: state === 'active' ? 10 : 0, overflowWrap: 'anywhere' }}
              primary={t('tradeLinks.sentTo', to)}
              secondary={
                <Stack
                  component="span"
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', mt: 0.5 }}
                >
                  <Chip
                    component="span"
                    size="small"
                    label={t(`tradeLinks.${state}`)}
                    color={state === 'active' ? 'success' : 'default'}
                  />
                  {state === 'active' && (
                    <span>{t('tradeLinks.until', { date: day(link.expiresAt) })}</span>
                  )}
                </Stack>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * What became of the link this dialog queued: on the device (waiting or failed), or sent
 * (the queue said so, or it was seen on the device and is gone: another tab sent it).
 */
function SendOutcome(props: {
  vendorId: string;
  sending: { id: string; email: string };
  delivered: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const row = useQueuedTradeLinks(props.vendorId).find((r) => r.id === props.sending.id);
  const [seen, setSeen] = useState(false);
  if (row !== undefined && !seen) setSeen(true);
  const email = { email: props.sending.email };
  if (props.delivered.has(props.sending.id) || (seen && row === undefined)) {
    return <Alert severity="success">{t('tradeLinks.sent', email)}</Alert>;
  }
  if (row !== undefined && (row.status === 'failed' || row.status === 'conflict')) {
    return <Alert severity="error">{row.error ?? t('tradeLinks.failed')}</Alert>;
  }
  return (
    <Alert severity="info" data-testid="trade-link-queued">
      {t(online ? 'tradeLinks.sendingTo' : 'tradeLinks.queuedOffline', email)}
    </Alert>
  );
}

export function TradeLinkDialog(props: { vendor: FieldRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const phone = useMediaQuery('(max-width:600px)');
  const days = useTradeLinkDays();
  const vendorId = props.vendor.id;
  const send = useSendTradeLink(vendorId);
  const delivered = useDeliveredTradeLinks();
  const [email, setEmail] = useState(textOf(props.vendor, 'Email'));
  const [sending, setSending] = useState<{ id: string; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(null);
    setSending(null);
    const to = email.trim();
    if (to === '') {
      setError(MESSAGES.tradeLinkNoEmail);
      return;
    }
    // Checked before it is queued, as the server will check it.
    if (!tradeLinkSendSchema.safeParse({ vendorId, email: to }).success) {
      setError(t('tradeLinks.badEmail'));
      return;
    }
    setBusy(true);
    try {
      setSending({ id: await send(to), email: to });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      onClose={props.onClose}
      aria-labelledby="trade-link-title"
    >
      <DialogTitle id="trade-link-title">
        {t('tradeLinks.title', { vendor: textOf(props.vendor, 'Name') })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t('tradeLinks.intro', { days })}</Typography>
          {!online && <Alert severity="info">{t('tradeLinks.offline')}</Alert>}
          {error !== null && <Alert severity="error">{error}</Alert>}
          {sending !== null && (
            <SendOutcome
              key={sending.id}
              vendorId={vendorId}
              sending={sending}
              delivered={delivered}
            />
          )}
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <TextField
              type="email"
              size="small"
              label={t('tradeLinks.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" sx={TAP} disabled={busy}>
              {t('tradeLinks.send')}
            </Button>
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('tradeLinks.sentLinks')}
          </Typography>
          <SentLinks vendorId={vendorId} online={online} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {t('tradeLinks.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
