import { describe, expect, it } from 'vitest';
import {
  clampPanelHeight,
  clampPanelLeft,
  panelDefaultHeight,
  panelMaxHeight,
  releasePanel,
} from './data-panel.js';

describe('data panel geometry', () => {
  it.each([
    [1000, 950, 850],
    [900, 855, 765],
    [800, 760, 760],
    [700, 665, 665],
  ])('a window %i px high: max %i, default %i', (windowHeight, max, initial) => {
    expect(panelMaxHeight(windowHeight)).toBe(max);
    expect(panelDefaultHeight(windowHeight)).toBe(initial);
  });

  it.each([
    [10, 64],
    [64, 64],
    [500, 500],
    [2000, 950],
  ])('clamps %i to %i on a 1000 px window', (height, expected) => {
    expect(clampPanelHeight(height, 1000)).toBe(expected);
  });

  it.each([
    [476, 'expanded', 476],
    [475, 'collapsed', 64],
    [200, 'collapsed', 64],
    [3000, 'expanded', 950],
  ] as const)('released at %i px on a 1000 px window: %s at %i', (height, state, finalHeight) => {
    expect(releasePanel(height, 1000)).toEqual({ state, height: finalHeight });
  });

  it.each([
    [-50, 0],
    [300, 300],
    [1200, 1040],
  ])('keeps a 400 px panel inside 1440 px: left %i -> %i', (left, expected) => {
    expect(clampPanelLeft(left, 400, 1440)).toBe(expected);
  });
});
