// A vendor's trade link, from the vendors' page (docs/decisions.md, The trade's own link):
// send the trade a link by e-mail (the vendor's own address by default), see the links
// sent, active or not, and revoke one. Online only: the server sends the mail at once.

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
import { TRADE_LINK } from '@field/domain';
import type { FieldRecord } from '../../data/records';
import { textOf } from '../../data/records';
import { errorText } from '../../ui/error-text';
import { TAP } from '../../ui/touch';
import { useOnline } from '../../ui/use-online';
import { useTradeLinkActions, useTradeLinks } from './trade-link-api';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

type LinkState = 'active' | 'expired' | 'revoked';

function stateOf(link: TradeLinkSummary, now: number): LinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(link.expiresAt) <= now ? 'expired' : 'active';
}

function SentLinks(props: { vendorId: string; online: boolean }) {
  const { t } = useTranslation();
  const links = useTradeLinks(props.vendorId);
  const { revoke } = useTradeLinkActions(props.vendorId);
  const [now] = useState(() => Date.now());
  if (links.data === undefined) return null;
  if (links.data.length === 0)
    return <Typography color="text.secondary">{t('tradeLinks.none')}</Typography>;
  return (
    <List dense disablePadding aria-label={t('tradeLinks.sentLinks')}>
      {links.data.map((link) => {
        const state = stateOf(link, now);
        const sent = { email: link.sentTo, date: day(link.createdAt) };
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
                  aria-label={t('tradeLinks.revokeLabel', sent)}
                  onClick={() => revoke.mutate(link.id)}
                >
                  {t('tradeLinks.revoke')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              sx={{ pr: state === 'active' ? 10 : 0, overflowWrap: 'anywhere' }}
              primary={t('tradeLinks.sentTo', sent)}
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

export function TradeLinkDialog(props: { vendor: FieldRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const phone = useMediaQuery('(max-width:600px)');
  const vendorId = props.vendor.id;
  const { send } = useTradeLinkActions(vendorId);
  const [email, setEmail] = useState(textOf(props.vendor, 'Email'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = () => {
    setSentTo(null);
    send.mutate(email.trim(), { onSuccess: (link) => setSentTo(link.sentTo) });
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
          <Typography>{t('tradeLinks.intro', { days: TRADE_LINK.ttlDays })}</Typography>
          {!online && <Alert severity="info">{t('tradeLinks.offline')}</Alert>}
          {send.error !== null && <Alert severity="error">{errorText(send.error)}</Alert>}
          {sentTo !== null && (
            <Alert severity="success">{t('tradeLinks.sent', { email: sentTo })}</Alert>
          )}
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
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
            <Button type="submit" variant="contained" sx={TAP} disabled={!online || send.isPending}>
              {send.isPending ? t('tradeLinks.sending') : t('tradeLinks.send')}
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
