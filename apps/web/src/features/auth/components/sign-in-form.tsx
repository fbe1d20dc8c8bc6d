// The email and password form. On failure it shows the catalogue's sign-in message with
// the server's reason under it, and keeps what the user typed.

import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { UserDocument } from '@field/domain';
import { MESSAGES } from '@field/domain';
import { ApiError } from '../../../api/client';
import { signIn } from '../../../data/session-api';
import { TextInput } from '../../../ui/text-input';

export interface SignInFormProps {
  onSignedIn: (user: UserDocument) => void;
}

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const user = await signIn({ email: email.trim(), password });
      onSignedIn(user);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : MESSAGES.unexpectedError);
      setPending(false);
    }
  }

  return (
    <form
      aria-label={t('signIn.title')}
      aria-busy={pending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={2}>
        {error !== null && (
          <Alert severity="error" role="alert">
            <AlertTitle>{MESSAGES.signInFailed}</AlertTitle>
            {error}
          </Alert>
        )}
        <TextInput
          id={`${id}-email`}
          label={t('signIn.email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          fullWidth
          value={email}
          disabled={pending}
          onChange={(event) => setEmail(event.target.value)}
          htmlInput={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: false }}
        />
        <TextInput
          id={`${id}-password`}
          label={t('signIn.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          disabled={pending}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={pending}
          startIcon={
            pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
        >
          {pending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
