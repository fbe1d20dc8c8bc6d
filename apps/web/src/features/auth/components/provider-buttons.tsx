// Sign-in with the providers the server has configured (none shows nothing). Each opens a
// popup; its callback page posts the outcome back (to the opener, or over a same-origin
// BroadcastChannel when a provider's page cut the popup off from it), and the session then
// comes from the refresh cookie. A closed or cancelled popup is only logged.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { UserDocument } from '@field/domain';
import { MESSAGES } from '@field/domain';
import { FieldQueryProvider } from '../../../offline/query-provider';
import { listProviders, providerStartUrl, refreshSession } from '../../../data/session-api';
import { toast } from '../../../lib/toast';

const MESSAGE_TYPE = 'field-auth';

interface FlowMessage {
  type: string;
  ok: boolean;
  cancelled?: boolean;
  error?: string;
}

function isFlowMessage(data: unknown): data is FlowMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === MESSAGE_TYPE &&
    'ok' in data
  );
}

interface ProviderButtonsProps {
  onSignedIn: (user: UserDocument) => void;
  returnTo: string;
}

function ProviderButtonList({ onSignedIn, returnTo }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: listProviders,
    staleTime: Infinity,
  });
  const [waiting, setWaiting] = useState<string | null>(null);

  useEffect(() => {
    const onOutcome = (data: unknown) => {
      if (!isFlowMessage(data)) return;
      setWaiting(null);
      if (!data.ok) {
        if (data.cancelled === true) console.info('Provider sign-in cancelled');
        else toast(MESSAGES.ssoFailed, 'error');
        return;
      }
      refreshSession()
        .then((user) => {
          if (user === null) toast(MESSAGES.ssoFailed, 'error');
          else onSignedIn(user);
        })
        .catch(() => toast(MESSAGES.ssoFailed, 'error'));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onOutcome(event.data);
    };
    window.addEventListener('message', onMessage);
    // A channel carries messages of this origin only.
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(MESSAGE_TYPE) : undefined;
    channel?.addEventListener('message', (event) => onOutcome(event.data));
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [onSignedIn]);

  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const open = (id: string) => {
    const popup = window.open(
      providerStartUrl(id, returnTo),
      'field-sign-in',
      'width=520,height=680',
    );
    if (popup === null) {
      toast(MESSAGES.ssoFailed, 'error');
      return;
    }
    setWaiting(id);
    // A popup closed without an answer is only logged.
    const watch = setInterval(() => {
      if (popup.closed) {
        clearInterval(watch);
        setWaiting((current) => {
          if (current === id) console.info('Provider sign-in popup closed');
          return current === id ? null : current;
        });
      }
    }, 500);
  };
  return (
    <Stack spacing={1}>
      <Divider>{t('signIn.or')}</Divider>
      {list.map((provider) => (
        <Button
          key={provider.id}
          variant="outlined"
          fullWidth
          disabled={waiting !== null}
          onClick={() => open(provider.id)}
        >
          {t('signIn.withProvider', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}

/** The buttons, with the app's QueryClient: the guest screens have no provider of their own. */
export function ProviderButtons(props: ProviderButtonsProps) {
  return (
    <FieldQueryProvider>
      <ProviderButtonList {...props} />
    </FieldQueryProvider>
  );
}
