// What a user draws on a photo before saving it (docs/decisions.md, Markup on photos):
// shapes in the photo's own pixels, drawn the same way on the screen and on the saved copy.

export type MarkupTool = 'pen' | 'arrow' | 'circle' | 'text';

export const MARKUP_TOOLS: readonly MarkupTool[] = ['pen', 'arrow', 'circle', 'text'];

export interface Point {
  x: number;
  y: number;
}

export type MarkupShape =
  | { kind: 'pen'; color: string; points: Point[] }
  | { kind: 'arrow' | 'circle'; color: string; from: Point; to: Point }
  | { kind: 'text'; color: string; at: Point; text: string };

/** Colours that read on a photo: bright, each drawn over a dark halo. */
export const MARKUP_COLORS = [
  { name: 'red', value: '#ff1744' },
  { name: 'yellow', value: '#ffea00' },
  { name: 'cyan', value: '#00e5ff' },
  { name: 'white', value: '#ffffff' },
] as const;

/** A short label, not a note: the item's text says the rest. */
export const MAX_MARKUP_TEXT = 60;

/** The line width for a photo of this size: the same share of it on every photo. */
export function lineWidthFor(width: number, height: number): number {
  return Math.max(3, Math.round(Math.max(width, height) / 150));
}

/** The largest size of a `width` x `height` photo inside a box, and its scale. */
export function fitInside(
  width: number,
  height: number,
  boxWidth: number,
  boxHeight: number,
): { width: number; height: number; scale: number } {
  const scale = Math.max(0, Math.min(boxWidth / width, boxHeight / height));
  return { width: Math.floor(width * scale), height: Math.floor(height * scale), scale };
}

/** The two ends of an arrow's head at `to`, `size` long, 30° either side of the shaft. */
export function arrowHead(from: Point, to: Point, size: number): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const side = (turn: number): Point => ({
    x: to.x - size * Math.cos(angle + turn),
    y: to.y - size * Math.sin(angle + turn),
  });
  return [side(Math.PI / 6), side(-Math.PI / 6)];
}

/**
 * Whether a shape shows anything: a tap without a drag draws no arrow or circle and a
 * pen stroke needs two points (a dot is drawn as a short stroke), text needs a letter.
 */
export function isVisible(shape: MarkupShape, lineWidth: number): boolean {
  switch (shape.kind) {
    case 'pen':
      return shape.points.length > 1;
    case 'arrow':
    case 'circle':
      return Math.hypot(shape.to.x - shape.from.x, shape.to.y - shape.from.y) >= lineWidth * 2;
    case 'text':
      return shape.text.trim() !== '';
  }
}

/** The subset of the canvas 2D context the shapes are drawn with (a fake one in tests). */
export type MarkupContext = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'ellipse'
  | 'stroke'
  | 'strokeText'
  | 'fillText'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'font'
  | 'textBaseline'
>;

const HALO = 'rgba(0, 0, 0, 0.65)';

function tracePath(context: MarkupContext, shape: MarkupShape, lineWidth: number): void {
  context.beginPath();
  switch (shape.kind) {
    case 'pen': {
      const [first, ...rest] = shape.points;
      if (first === undefined) return;
      context.moveTo(first.x, first.y);
      for (const point of rest) context.lineTo(point.x, point.y);
      return;
    }
    case 'arrow': {
      const [left, right] = arrowHead(shape.from, shape.to, lineWidth * 5);
      context.moveTo(shape.from.x, shape.from.y);
      context.lineTo(shape.to.x, shape.to.y);
      context.moveTo(left.x, left.y);
      context.lineTo(shape.to.x, shape.to.y);
      context.lineTo(right.x, right.y);
      return;
    }
    case 'circle': {
      // An ellipse in the box the drag spans: a circle round what is wrong, whatever its shape.
      const cx = (shape.from.x + shape.to.x) / 2;
      const cy = (shape.from.y + shape.to.y) / 2;
      const rx = Math.abs(shape.to.x - shape.from.x) / 2;
      const ry = Math.abs(shape.to.y - shape.from.y) / 2;
      context.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2);
      return;
    }
    case 'text':
      return;
  }
}

/** Draws the shapes in photo pixels (the caller sets the transform to the canvas). */
export function drawMarkup(
  context: MarkupContext,
  shapes: readonly MarkupShape[],
  lineWidth: number,
): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const shape of shapes) {
    if (shape.kind === 'text') {
      context.font = `bold ${lineWidth * 7}px sans-serif`;
      context.textBaseline = 'middle';
      context.lineWidth = lineWidth * 1.5;
      context.strokeStyle = HALO;
      context.strokeText(shape.text, shape.at.x, shape.at.y);
      context.fillStyle = shape.color;
      context.fillText(shape.text, shape.at.x, shape.at.y);
      continue;
    }
    tracePath(context, shape, lineWidth);
    context.lineWidth = lineWidth * 2;
    context.strokeStyle = HALO;
    context.stroke();
    context.lineWidth = lineWidth;
    context.strokeStyle = shape.color;
    context.stroke();
  }
}

/** The saved copy's file name: the photo's, marked, as a JPEG. */
export function markedUpName(name: string): string {
  const base = name.replace(/\.[^./]*$/, '').replace(/-markup$/, '') || 'photo';
  return `${base}-markup.jpg`;
}
