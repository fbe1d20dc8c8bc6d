// What the markup editor (photo-markup-editor.tsx) does with the photo: decodes it, fits it
// to the space it has, follows a finger, a pen or a mouse into shapes, and renders the
// marked-up copy at the photo's own size.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { MarkupShape, MarkupTool, Point } from './photo-markup';
import { drawMarkup, fitInside, isVisible, lineWidthFor } from './photo-markup';

/**
 * The photo decoded once for drawing; `failed` where it cannot be (no createImageBitmap,
 * or not an image), so the editor says so rather than failing the screen.
 */
export function usePhotoBitmap(photo: Blob): { bitmap: ImageBitmap | null; failed: boolean } {
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: ImageBitmap | undefined;
    // Inside a promise, so a missing createImageBitmap fails the same way as a bad photo.
    Promise.resolve(photo)
      .then((blob) => createImageBitmap(blob))
      .then(
        (image) => {
          made = image;
          if (live) setBitmap(image);
          else image.close();
        },
        () => {
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
      made?.close();
    };
  }, [photo]);
  return { bitmap, failed };
}

/** The size of the element `measure` is given to, followed as it changes. */
export function useMeasuredBox() {
  const [box, setBox] = useState({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    resize.observe(element);
    observer.current = resize;
  }, []);
  return { box, measure };
}

/** The photo with its marks drawn at the photo's own size, as a JPEG; null where it fails. */
export function renderMarkedUp(
  bitmap: ImageBitmap,
  shapes: readonly MarkupShape[],
): Promise<Blob | null> {
  const full = document.createElement('canvas');
  full.width = bitmap.width;
  full.height = bitmap.height;
  const context = full.getContext('2d');
  if (context === null) return Promise.resolve(null);
  context.drawImage(bitmap, 0, 0);
  drawMarkup(context, shapes, lineWidthFor(bitmap.width, bitmap.height));
  return new Promise((resolve) => full.toBlob(resolve, 'image/jpeg', 0.9));
}

/**
 * The shapes drawn on the photo and the stroke under way: the canvas's pointer handlers, the
 * size it is shown at, Undo, and where a text mark was asked for (its words are typed next,
 * then `addText` places them).
 */
export function useMarkupDrawing(props: {
  bitmap: ImageBitmap | null;
  box: { width: number; height: number };
  tool: MarkupTool;
  color: string;
}) {
  const { bitmap, tool, color } = props;
  const [shapes, setShapes] = useState<MarkupShape[]>([]);
  const [textAt, setTextAt] = useState<Point | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const draft = useRef<{ pointer: number; shape: MarkupShape } | null>(null);

  const lineWidth = bitmap === null ? 3 : lineWidthFor(bitmap.width, bitmap.height);
  const fitted =
    bitmap === null
      ? null
      : fitInside(bitmap.width, bitmap.height, props.box.width, props.box.height);

  const redraw = useCallback(() => {
    const element = canvasRef.current;
    const context = element?.getContext('2d');
    if (element === null || element === undefined || !context || bitmap === null) return;
    const scale = element.width / bitmap.width;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.drawImage(bitmap, 0, 0);
    const drawing = draft.current?.shape;
    drawMarkup(context, drawing === undefined ? shapes : [...shapes, drawing], lineWidth);
  }, [bitmap, shapes, lineWidth]);

  useEffect(redraw, [redraw, fitted?.width, fitted?.height]);

  function pointOf(
    event: Pick<PointerEvent, 'clientX' | 'clientY'>,
    element: HTMLCanvasElement,
  ): Point {
    const rect = element.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * (bitmap?.width ?? 1),
      y: ((event.clientY - rect.top) / rect.height) * (bitmap?.height ?? 1),
    };
  }

  function start(event: ReactPointerEvent<HTMLCanvasElement>) {
    // One stroke at a time: a second finger or the palm under a pen does not draw.
    if (draft.current !== null || bitmap === null || !event.isPrimary) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = pointOf(event, event.currentTarget);
    const shape: MarkupShape =
      tool === 'text'
        ? { kind: 'text', color, at, text: '' }
        : tool === 'pen'
          ? { kind: 'pen', color, points: [at] }
          : { kind: tool, color, from: at, to: at };
    draft.current = { pointer: event.pointerId, shape };
  }

  function move(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = draft.current;
    if (current === null || current.pointer !== event.pointerId) return;
    const shape = current.shape;
    if (shape.kind === 'pen') {
      // A pen reports more points than frames: keep them all for a smooth line.
      const native = event.nativeEvent;
      const events =
        typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
      for (const each of events.length === 0 ? [native] : events) {
        shape.points.push(pointOf(each, event.currentTarget));
      }
    } else if (shape.kind !== 'text') {
      shape.to = pointOf(event, event.currentTarget);
    }
    redraw();
  }

  function end(event: ReactPointerEvent<HTMLCanvasElement>) {
    const current = draft.current;
    if (current === null || current.pointer !== event.pointerId) return;
    draft.current = null;
    const shape = current.shape;
    if (shape.kind === 'text') {
      setTextAt(shape.at);
      return;
    }
    // A dot: a tap with the pen is drawn as a short stroke.
    if (shape.kind === 'pen' && shape.points.length === 1 && shape.points[0] !== undefined) {
      const dot = shape.points[0];
      shape.points.push({ x: dot.x + 0.5, y: dot.y + 0.5 });
    }
    if (isVisible(shape, lineWidth)) setShapes((all) => [...all, shape]);
    else redraw();
  }

  function cancel() {
    draft.current = null;
    redraw();
  }

  return {
    shapes,
    fitted,
    canvasRef,
    handlers: {
      onPointerDown: start,
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: cancel,
    },
    textAt,
    addText: (text: string) => {
      if (textAt !== null) setShapes((all) => [...all, { kind: 'text', color, at: textAt, text }]);
      setTextAt(null);
    },
    cancelText: () => setTextAt(null),
    undo: () => setShapes((all) => all.slice(0, -1)),
  };
}
