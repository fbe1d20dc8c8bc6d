// The product's logo and word mark.

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';

/** `onDark`: a white tile for the app bar; otherwise a blue tile on a light page. */
export function WordMark({
  size = 'normal',
  onDark = false,
}: {
  size?: 'normal' | 'large';
  onDark?: boolean;
}) {
  const { t } = useTranslation();
  const px = size === 'large' ? 40 : 28;
  const tile = onDark ? '#ffffff' : '#17466e';
  const house = onDark ? '#17466e' : '#ffffff';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={tile} />
        <path
          d="M6 16.5 16 8l10 8.5"
          fill="none"
          stroke={house}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path
          d="M10 15v9h12v-9"
          fill="none"
          stroke={house}
          strokeWidth="2.6"
          strokeLinejoin="round"
        />
        <path d="M14 24v-5h4v5" fill="#f2b134" />
      </svg>
      <Box
        component="span"
        sx={{ fontWeight: 750, fontSize: size === 'large' ? 24 : 18, letterSpacing: '-0.01em' }}
      >
        {t('app.name')}
      </Box>
    </Box>
  );
}
