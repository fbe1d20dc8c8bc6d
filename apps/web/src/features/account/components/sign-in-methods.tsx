// How the user can sign in: their password and the providers linked to the account, with
// link (a popup, like sign-in) and unlink.

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, providerLinkAnswerSchema, signInMethodsSchema } from '@field/domain';
import { anyJson, apiClient } from '../../../api/client';
import { listProviders } from '../../../data/session-api';
import { toast } from '../../../lib/toast';

const METHODS_PATH = '/api/users/me/sign-in-methods';
const KEY = ['account', 'sign-in-methods'] as const;

export function SignInMethods() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const methods = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiClient.get(METHODS_PATH, signInMethodsSchema, { signal }),
  });
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: listProviders,
    staleTime: Infinity,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: KEY });
  const unlink = useMutation({
    mutationFn: (provider: string) =>
      apiClient.delete(`/api/auth/providers/${encodeURIComponent(provider)}`, anyJson),
    onSettled: refresh,
    onError: (error) => toast(error.message, 'error'),
  });
  const link = useMutation({
    mutationFn: (provider: string) =>
      apiClient.post(
        `/api/auth/oidc/${encodeURIComponent(provider)}/link`,
        { mode: 'popup', returnTo: '/account/security' },
        providerLinkAnswerSchema,
      ),
    onSuccess: ({ url }) => {
      if (window.open(url, 'field-sign-in', 'width=520,height=680') === null)
        toast(MESSAGES.ssoFailed, 'error');
    },
    onError: () => toast(MESSAGES.ssoFailed, 'error'),
  });

  // The popup posts its outcome back; refresh the list either way.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data: unknown = event.data;
      if (
        typeof data !== 'object' ||
        data === null ||
        !('type' in data) ||
        data.type !== 'field-auth'
      )
        return;
      if ('ok' in data && data.ok !== true && !('cancelled' in data && data.cancelled === true)) {
        toast(MESSAGES.ssoFailed, 'error');
      }
      void client.invalidateQueries({ queryKey: KEY });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [client]);

  const configured = providers.data ?? [];
  const linked = new Set((methods.data?.providers ?? []).map((p) => p.provider));
  if (methods.data === undefined) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520, mt: 2 }}>
      <Typography variant="h2">{t('methods.title')}</Typography>
      <List dense>
        <ListItem disableGutters>
          <ListItemText
            primary={t('methods.password')}
            secondary={methods.data.password ? t('methods.set') : t('methods.notSet')}
          />
        </ListItem>
        {configured.map((provider) => (
          <ListItem
            key={provider.id}
            disableGutters
            secondaryAction={
              linked.has(provider.id) ? (
                <Button
                  size="small"
                  onClick={() => unlink.mutate(provider.id)}
                  disabled={unlink.isPending}
                >
                  {t('methods.unlink')}
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() => link.mutate(provider.id)}
                  disabled={link.isPending}
                >
                  {t('methods.link')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={provider.name}
              secondary={
                linked.has(provider.id)
                  ? (methods.data.providers.find((p) => p.provider === provider.id)?.email ??
                    t('methods.linked'))
                  : t('methods.notLinked')
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
