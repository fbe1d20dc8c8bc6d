import { describe, expect, it } from 'vitest';
import type { MarkupContext, MarkupShape } from './photo-markup';
import { arrowHead, drawMarkup, fitInside, isVisible, markedUpName } from './photo-markup';

const styleOf = (style: unknown): string => (typeof style === 'string' ? style : 'pattern');

/** A 2D context that writes down what is drawn, in order. */
function recorder() {
  const calls: string[] = [];
  const context = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    font: '',
    textBaseline: 'alphabetic',
    beginPath: () => calls.push('begin'),
    moveTo: () => calls.push('move'),
    lineTo: () => calls.push('line'),
    ellipse: () => calls.push('ellipse'),
    stroke() {
      calls.push(`stroke ${styleOf(this.strokeStyle)} ${this.lineWidth}`);
    },
    strokeText: (text: string) => calls.push(`strokeText ${text}`),
    fillText(text: string) {
      calls.push(`fillText ${text} ${styleOf(this.fillStyle)}`);
    },
  } satisfies MarkupContext;
  return { context, calls };
}

describe('photo markup', () => {
  it('fits a photo inside the screen whatever its shape', () => {
    expect(fitInside(4000, 3000, 390, 600)).toMatchObject({ width: 390, height: 292 });
    expect(fitInside(3000, 4000, 1440, 700)).toMatchObject({ width: 525, height: 700 });
  });

  it('points the arrow head back along the shaft, both sides alike', () => {
    const [left, right] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 10);
    expect(left.x).toBeCloseTo(100 - 10 * Math.cos(Math.PI / 6));
    expect(right.x).toBeCloseTo(left.x);
    expect(left.y).toBeCloseTo(-right.y);
    expect(Math.abs(left.y)).toBeCloseTo(5);
  });

  it('keeps no arrow or circle from a tap, no empty text and no one-point stroke', () => {
    const at = { x: 10, y: 10 };
    expect(isVisible({ kind: 'arrow', color: 'red', from: at, to: at }, 4)).toBe(false);
    expect(isVisible({ kind: 'circle', color: 'red', from: at, to: { x: 40, y: 10 } }, 4)).toBe(
      true,
    );
    expect(isVisible({ kind: 'text', color: 'red', at, text: '  ' }, 4)).toBe(false);
    expect(isVisible({ kind: 'pen', color: 'red', points: [at] }, 4)).toBe(false);
  });

  it('draws every shape over a dark halo so it reads on a light or dark photo', () => {
    const { context, calls } = recorder();
    const shapes: MarkupShape[] = [
      {
        kind: 'pen',
        color: '#ff1744',
        points: [
          { x: 0, y: 0 },
          { x: 5, y: 5 },
        ],
      },
      { kind: 'circle', color: '#ffea00', from: { x: 0, y: 0 }, to: { x: 50, y: 30 } },
      { kind: 'text', color: '#ffffff', at: { x: 5, y: 5 }, text: 'Gap' },
    ];
    drawMarkup(context, shapes, 4);
    const strokes = calls.filter((call) => call.startsWith('stroke '));
    expect(strokes).toEqual([
      'stroke rgba(0, 0, 0, 0.65) 8',
      'stroke #ff1744 4',
      'stroke rgba(0, 0, 0, 0.65) 8',
      'stroke #ffea00 4',
    ]);
    expect(calls.slice(-2)).toEqual(['strokeText Gap', 'fillText Gap #ffffff']);
  });

  it('names the saved copy after the photo, once', () => {
    expect(markedUpName('IMG_0042.HEIC')).toBe('IMG_0042-markup.jpg');
    expect(markedUpName('IMG_0042-markup.jpg')).toBe('IMG_0042-markup.jpg');
    expect(markedUpName('.png')).toBe('photo-markup.jpg');
  });
});
