// A new password typed twice: the rule under the first field, the mismatch under the
// second. Used by change password and by the reset link's page.

import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';

export interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}

/** True when the second field is filled and differs from the first. */
export function passwordsDiffer(password: string, repeat: string): boolean {
  return repeat !== '' && repeat !== password;
}

export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const mismatch = passwordsDiffer(password, repeat);
  return (
    <>
      <TextField
        label={t('security.new')}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        value={password}
        helperText={t('security.rules')}
        onChange={(event) => onPassword(event.target.value)}
      />
      <TextField
        label={t('security.repeat')}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        value={repeat}
        error={mismatch}
        helperText={mismatch ? t('security.mismatch') : ' '}
        onChange={(event) => onRepeat(event.target.value)}
      />
    </>
  );
}
