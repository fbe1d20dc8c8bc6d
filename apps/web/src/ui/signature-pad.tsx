// A signature drawn on the screen with a finger, pen or mouse (signature_pad does the
// smoothing), handed to the form as a PNG data URL at the end of every stroke.

import type { JSX } from 'react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLibrary from 'signature_pad';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  /** What the canvas shows, as a PNG: redrawn from here after a resize wipes the canvas. */
  const storedRef = useRef(value);
  /** The last value this pad emitted, so its echo through `value` is not drawn again. */
  const emittedRef = useRef(value);
  /** Bumped on every redraw and clear, so a slow image load cannot draw over a newer state. */
  const drawRef = useRef(0);
  const onChangeRef = useRef(onChange);
  const disabledRef = useRef(disabled);
  /** Set once the canvas exists: draws the stored PNG again (after a resize or a new value). */
  const redrawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
    disabledRef.current = disabled;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d') ?? null;
    // No 2D canvas (jsdom): the label, hint and Clear still render; nothing can be drawn.
    if (canvas === null || context === null) return;
    const pad = new SignaturePadLibrary(canvas, { penColor: '#111111' });
    padRef.current = pad;
    let ratio = 1;
    let disposed = false;

    const redraw = () => {
      const draw = ++drawRef.current;
      pad.clear();
      const png = storedRef.current;
      if (png === null) return;
      // No strokes while the image loads: it would be drawn over them, or they lost.
      pad.off();
      const image = new Image();
      const done = () => {
        if (padRef.current === pad && !disabledRef.current) pad.on();
      };
      image.onload = () => {
        if (!disposed && draw === drawRef.current) {
          // Fit the whole image in the canvas, keeping its proportions: a signature drawn
          // on a wide screen stays whole on a narrow one.
          const width = canvas.width / ratio;
          const height = canvas.height / ratio;
          const scale = Math.min(width / image.naturalWidth, height / image.naturalHeight);
          context.drawImage(image, 0, 0, image.naturalWidth * scale, image.naturalHeight * scale);
        }
        done();
      };
      image.onerror = done;
      image.src = png;
    };
    redrawRef.current = redraw;

    // The canvas's pixels follow its box and the screen's pixel density; resizing wipes
    // the canvas, so the stored PNG is drawn again.
    const fit = (force: boolean) => {
      const nextRatio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * nextRatio);
      const height = Math.round(canvas.offsetHeight * nextRatio);
      if (width === 0 || height === 0) return; // Hidden: fitted when it shows.
      if (!force && width === canvas.width && height === canvas.height) return;
      ratio = nextRatio;
      canvas.width = width;
      canvas.height = height;
      context.scale(ratio, ratio);
      redraw();
    };
    fit(true);
    if (disabledRef.current) pad.off();

    const onStrokeEnd = () => {
      const png = pad.toDataURL('image/png');
      storedRef.current = png;
      emittedRef.current = png;
      onChangeRef.current(png);
    };
    pad.addEventListener('endStroke', onStrokeEnd);
    const onResize = () => fit(false);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    observer?.observe(canvas);
    // A zoom changes the pixel density without resizing the box.
    window.addEventListener('resize', onResize);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
      pad.removeEventListener('endStroke', onStrokeEnd);
      pad.off();
      padRef.current = null;
      redrawRef.current = () => undefined;
      disposed = true;
    };
  }, []);

  // A value from outside (a draft resumed, a walk opened again) replaces the drawing.
  useEffect(() => {
    if (value === emittedRef.current) return;
    emittedRef.current = value;
    storedRef.current = value;
    redrawRef.current();
  }, [value]);

  useEffect(() => {
    const pad = padRef.current;
    if (pad === null) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    drawRef.current++;
    padRef.current?.clear();
    storedRef.current = null;
    emittedRef.current = null;
    onChange(null);
  };

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
