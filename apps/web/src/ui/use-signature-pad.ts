// The drawing behind the signature pad: signature_pad on a canvas that follows its box and
// the screen's pixel density, the stored PNG drawn again after a resize or a new value, and
// a PNG data URL handed on at the end of every stroke.

import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import SignaturePadLibrary from 'signature_pad';

interface PadRefs {
  padRef: RefObject<SignaturePadLibrary | null>;
  /** What the canvas shows, as a PNG: redrawn from here after a resize wipes the canvas. */
  storedRef: RefObject<string | null>;
  /** The last value this pad emitted, so its echo through `value` is not drawn again. */
  emittedRef: RefObject<string | null>;
  /** Bumped on every redraw and clear, so a slow image load cannot draw over a newer state. */
  drawRef: RefObject<number>;
  onChangeRef: RefObject<(png: string | null) => void>;
  disabledRef: RefObject<boolean>;
  /** Set once the canvas exists: draws the stored PNG again (after a resize or a new value). */
  redrawRef: RefObject<() => void>;
}

/** Puts signature_pad on the canvas; returns what takes it off again. */
function mountPad(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  refs: PadRefs,
): () => void {
  const { padRef, storedRef, emittedRef, drawRef, onChangeRef, disabledRef, redrawRef } = refs;
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
}

/**
 * The pad on the canvas given `canvasRef`: shows `value`, reports each stroke's result
 * through `onChange`, takes no strokes while `disabled`; `clear` empties it.
 */
export function useSignaturePad(
  value: string | null,
  onChange: (png: string | null) => void,
  disabled: boolean,
): { canvasRef: RefObject<HTMLCanvasElement | null>; clear: () => void } {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  const storedRef = useRef(value);
  const emittedRef = useRef(value);
  const drawRef = useRef(0);
  const onChangeRef = useRef(onChange);
  const disabledRef = useRef(disabled);
  const redrawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
    disabledRef.current = disabled;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d') ?? null;
    // No 2D canvas (jsdom): the label, hint and Clear still render; nothing can be drawn.
    if (canvas === null || context === null) return undefined;
    return mountPad(canvas, context, {
      padRef,
      storedRef,
      emittedRef,
      drawRef,
      onChangeRef,
      disabledRef,
      redrawRef,
    });
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

  return { canvasRef, clear };
}
