// A signature drawn on the screen with a finger, pen or mouse (signature_pad does the
// smoothing), handed to the form as a PNG data URL at the end of every stroke.

import type { JSX } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignaturePad } from './use-signature-pad';

export interface SignaturePadProps {
  label: string;
  /** Sent with a native form as a hidden field holding the data URL. */
  name?: string;
  /** The signature as a PNG data URL, or null when not signed. */
  value: string | null;
  onChange: (png: string | null) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

const HEIGHT_PX = 180;
const DESKTOP_WIDTH_PX = 480;

export function SignaturePad(props: SignaturePadProps): JSX.Element {
  const { label, name, value, onChange, disabled = false } = props;
  const { t } = useTranslation();
  const id = useId();
  const { canvasRef, clear } = useSignaturePad(value, onChange, disabled);

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const stateId = `${id}-state`;
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-disabled={disabled || undefined}
      data-testid={props['data-testid']}
      data-signed={value === null ? 'false' : 'true'}
      sx={{ width: '100%', maxWidth: { sm: DESKTOP_WIDTH_PX } }}
    >
      <Typography id={labelId} component="div" variant="subtitle2">
        {label}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('signaturePad.hint')}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          // Ink is dark on a white sheet in either theme, as on the PDF.
          bgcolor: '#ffffff',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={`${hintId} ${stateId}`}
          style={{
            display: 'block',
            width: '100%',
            height: HEIGHT_PX,
            touchAction: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
          }}
        />
      </Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}
      >
        <Typography id={stateId} variant="caption" color="text.secondary" aria-live="polite">
          {t(value === null ? 'signaturePad.empty' : 'signaturePad.signed')}
        </Typography>
        <Button
          size="small"
          onClick={clear}
          disabled={disabled || value === null}
          aria-label={t('signaturePad.clearLabel', { label })}
        >
          {t('signaturePad.clear')}
        </Button>
      </Stack>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
    </Box>
  );
}
