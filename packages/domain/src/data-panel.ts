// The data side panel's geometry (docs/product.md, Constants): how tall it may be, how tall it
// opens, and what a drag leaves it as when released.

import { DATA_PANEL } from './constants.js';

export type DataPanelState = 'closed' | 'collapsed' | 'expanded';

/** The tallest the panel may be on a window this high: 95% of it. */
export function panelMaxHeight(windowHeight: number): number {
  return Math.round(windowHeight * DATA_PANEL.maxHeightRatio);
}

/** The height it opens expanded at: 85% of the window, 95% on windows 800 px or lower. */
export function panelDefaultHeight(windowHeight: number): number {
  const ratio =
    windowHeight <= DATA_PANEL.shortWindowPx
      ? DATA_PANEL.maxHeightRatio
      : DATA_PANEL.defaultHeightRatio;
  return Math.round(windowHeight * ratio);
}

/** A height kept between the minimum (64 px) and the maximum. */
export function clampPanelHeight(height: number, windowHeight: number): number {
  return Math.min(Math.max(height, DATA_PANEL.minHeightPx), panelMaxHeight(windowHeight));
}

/**
 * Where a drag ends: past half the maximum the panel expands (keeping the height the user
 * dragged it to, or the default when it was dragged from collapsed); otherwise it
 * collapses to its minimum.
 */
export function releasePanel(
  draggedHeight: number,
  windowHeight: number,
): { state: Exclude<DataPanelState, 'closed'>; height: number } {
  const height = clampPanelHeight(draggedHeight, windowHeight);
  if (height > panelMaxHeight(windowHeight) / 2) return { state: 'expanded', height };
  return { state: 'collapsed', height: DATA_PANEL.minHeightPx };
}

/** A sideways position that keeps a panel of `width` inside a window of `windowWidth`. */
export function clampPanelLeft(left: number, width: number, windowWidth: number): number {
  return Math.min(Math.max(left, 0), Math.max(windowWidth - width, 0));
}
