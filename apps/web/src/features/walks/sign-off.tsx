// The sign-off of a closing walk: the buyer's name and signature and the staff member's
// signature, drawn on the screen. Each signature keeps the time it was drawn; once both
// are there, submitting the walk makes its PDF on the device.

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Signature, SignatureRole } from '@field/domain';
import { SIGNATURE_ROLES, isSignedByBoth } from '@field/domain';
import { SignaturePad } from '../../ui/signature-pad';

export interface SignOffProps {
  buyerName: string;
  staffName: string;
  signatures: readonly Signature[];
  onChange: (change: { buyerName?: string; signatures?: Signature[] }) => void;
  /** Shown under the buyer's name when the form is checked. */
  buyerNameError: string | undefined;
  disabled: boolean;
}

/** Both people have signed: the walk can have its PDF. */
export function signedByBoth(signatures: readonly Signature[]): boolean {
  return isSignedByBoth({ signatures });
}

export function SignOff(props: SignOffProps) {
  const { t } = useTranslation();
  const signatureOf = (role: SignatureRole) => props.signatures.find((s) => s.role === role);
  const nameOf = (role: SignatureRole) => (role === 'buyer' ? props.buyerName : props.staffName);
  const sign = (role: SignatureRole, image: string | null) => {
    const others = props.signatures.filter((s) => s.role !== role);
    props.onChange({
      signatures:
        image === null
          ? others
          : [
              ...others,
              { role, name: nameOf(role) || '—', signedAt: new Date().toISOString(), image },
            ],
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sign-off">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('walkForm.signOffTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('walkForm.signOffHint')}
        </Typography>
        <TextField
          label={t('walkForm.buyerName')}
          value={props.buyerName}
          disabled={props.disabled}
          error={props.buyerNameError !== undefined}
          helperText={props.buyerNameError}
          onChange={(event) => {
            const buyerName = event.target.value;
            props.onChange({
              buyerName,
              signatures: props.signatures.map((s) =>
                s.role === 'buyer' ? { ...s, name: buyerName || '—' } : s,
              ),
            });
          }}
        />
        {SIGNATURE_ROLES.map((role) => (
          <SignaturePad
            key={role}
            label={
              nameOf(role).trim() === ''
                ? t(`walkForm.signatureOfUnnamed.${role}`)
                : t(`walkForm.signatureOf.${role}`, { name: nameOf(role) })
            }
            value={signatureOf(role)?.image ?? null}
            onChange={(image) => sign(role, image)}
            disabled={props.disabled}
            data-testid={`signature-${role}`}
          />
        ))}
        {signedByBoth(props.signatures) && (
          <Alert severity="success">{t('walkForm.readyForPdf')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}
