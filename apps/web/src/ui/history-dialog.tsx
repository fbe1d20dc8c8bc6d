// A record's history (`GET /api/history?kind=&id=`): every write, oldest first, with who
// made it, when, which fields, and each field's value before → after. Titled with the record,
// its kind and its home (a call's date alone says neither what nor where). Given a chain of
// records (a signed closing walk and its amendments), the writes of each, in order, each
// under its record's name (docs/decisions.md, Amending a signed walk).

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { HistoryEntry, Resource } from '@field/domain';
import { resourceDef } from '@field/domain';
import { apiClient, anyJson } from '../api/client';
import { useItemVendors } from '../data/item-vendors';
import { useSignedIn } from '../data/session';
import { useSelectedHome } from '../data/homes';
import { shownValue } from './conflict-panel';
import { errorText } from './error-text';

import { TAP_HEIGHT as TAP } from './touch';

function fetchHistory(kind: Resource, id: string, signal: AbortSignal): Promise<HistoryEntry[]> {
  const path = `/api/history?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(id)}`;
  // Safe: the server's history route answers HistoryEntry[] (domain conflicts.ts).
  return apiClient.get(path, anyJson, { signal }) as Promise<HistoryEntry[]>;
}

/** A record of a chain whose history shows together: its id and how it is named. */
export interface HistoryLink {
  id: string;
  label: string;
}

type LinkedEntry = HistoryEntry & { of?: string };

/** The writes of each record of the chain, oldest first, each with its record's name. */
async function fetchChain(
  kind: Resource,
  chain: readonly HistoryLink[],
  signal: AbortSignal,
): Promise<LinkedEntry[]> {
  const lists = await Promise.all(
    chain.map(async (link) =>
      (await fetchHistory(kind, link.id, signal)).map((entry) => ({ ...entry, of: link.label })),
    ),
  );
  return lists.flat().sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

export function HistoryDialog(props: {
  kind: Resource;
  recordId: string;
  title: string;
  /** The record's home; by default the selected one, for a record kept on a home. */
  home?: string;
  /** The records whose writes show together (a signed walk and its amendments). */
  chain?: readonly HistoryLink[] | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { access } = useSignedIn();
  const vendors = useItemVendors(access).byId;
  // A vendor named by id (an item's trade) shows by name where the device knows it.
  const shown = (field: string, value: unknown) =>
    field === 'Vendor' && typeof value === 'string'
      ? (vendors.get(value)?.Name ?? value)
      : shownValue(value);
  const def = resourceDef(props.kind);
  const selected = useSelectedHome();
  const home = props.home ?? (def.homeField === undefined ? undefined : selected?.Address);
  const kind = t(`sync.types.${def.mutationType ?? props.kind}`, { defaultValue: props.kind });
  const chain = props.chain !== undefined && props.chain.length > 1 ? props.chain : undefined;
  const query = useQuery<LinkedEntry[]>({
    queryKey: ['history', props.kind, props.recordId, ...(chain ?? []).map((link) => link.id)],
    queryFn: ({ signal }) =>
      chain === undefined
        ? fetchHistory(props.kind, props.recordId, signal)
        : fetchChain(props.kind, chain, signal),
    staleTime: 0,
  });
  const when = (at: string) =>
    new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="history-title">
      <DialogTitle id="history-title">
        {t('history.title', { record: props.title })}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          data-testid="history-of"
          sx={{ display: 'block' }}
        >
          {home === undefined ? kind : t('history.kindAtHome', { kind, home })}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending && <CircularProgress aria-label={t('history.loading')} />}
        {query.error !== null && <Alert severity="error">{errorText(query.error)}</Alert>}
        {query.data?.length === 0 && <Typography>{t('history.empty')}</Typography>}
        {query.data !== undefined && query.data.length > 0 && (
          <List data-testid="history" disablePadding>
            {query.data.map((entry) => (
              <ListItem
                key={entry.id}
                divider
                data-testid="history-entry"
                data-user={entry.user.name}
                data-of={entry.of}
                sx={{ display: 'block', px: 0 }}
              >
                {entry.of !== undefined && (
                  <Typography variant="overline" color="primary" sx={{ display: 'block' }}>
                    {entry.of}
                  </Typography>
                )}
                <Typography sx={{ fontWeight: 600 }}>
                  {t(`history.operations.${entry.operation}`, { name: entry.user.name })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {when(entry.at)}
                </Typography>
                {entry.operation === 'update' &&
                  entry.fields.map((field) => (
                    // One sentence that wraps like text, so on a phone the arrow stays
                    // beside the old value instead of taking a line of its own.
                    <Typography
                      key={field}
                      variant="body2"
                      data-testid="history-field"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {field}:
                      </Box>{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {shown(field, entry.before?.[field])}
                      </Box>
                      {'\u00a0→ '}
                      {shown(field, entry.after?.[field])}
                    </Typography>
                  ))}
                {entry.operation === 'create' && (
                  <Typography variant="body2" color="text.secondary">
                    {t('history.fields', { fields: entry.fields.join(', ') })}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {t('history.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
