// The data panel's gestures: its handle dragged taller or shorter (and sideways on wide
// screens), tapped to expand or collapse, stepped with the arrow keys; on a phone a swipe
// down closes the sheet, and the expanded sheet locks the page's scroll.

import type { PointerEvent as ReactPointerEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { DataPanelState } from '@field/domain';
import {
  DATA_PANEL,
  clampPanelHeight,
  clampPanelLeft,
  panelDefaultHeight,
  releasePanel,
} from '@field/domain';

const KEY_STEP_PX = 48;

interface Drag {
  startX: number;
  startY: number;
  startHeight: number;
  startLeft: number;
  moved: boolean;
}

type HandleEvent = ReactPointerEvent<HTMLDivElement>;

/** Where the panel is drawn, and the handlers its handle takes. */
export interface DataPanelDrag {
  width: number;
  shownHeight: number;
  x: number;
  dragging: boolean;
  handlers: {
    onPointerDown: (event: HandleEvent) => void;
    onPointerMove: (event: HandleEvent) => void;
    onPointerUp: () => void;
    onPointerCancel: () => void;
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
  };
}

export function useDataPanelDrag(
  state: DataPanelState,
  onStateChange: (state: DataPanelState) => void,
  wide: boolean,
): DataPanelDrag {
  const [height, setHeight] = useState(() => panelDefaultHeight(window.innerHeight));
  const [left, setLeft] = useState<number | null>(null);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);

  // Expanded on a phone, the sheet owns the scroll: the page behind it stays still.
  useEffect(() => {
    if (wide || state !== 'expanded') return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [wide, state]);

  const width = wide ? DATA_PANEL.defaultWidthPx : window.innerWidth;
  const shownHeight = dragHeight ?? (state === 'expanded' ? height : DATA_PANEL.minHeightPx);
  const x = wide
    ? clampPanelLeft(left ?? window.innerWidth - width - 16, width, window.innerWidth)
    : 0;

  const onPointerDown = (event: HandleEvent) => {
    if ((event.target as HTMLElement).closest('button') !== null) return; // Safe: DOM event target.
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startX: event.clientX,
      startY: event.clientY,
      startHeight: shownHeight,
      startLeft: x,
      moved: false,
    };
  };
  const onPointerMove = (event: HandleEvent) => {
    const current = drag.current;
    if (current === null) return;
    const dy = current.startY - event.clientY;
    const dx = event.clientX - current.startX;
    if (Math.abs(dy) + Math.abs(dx) > 4) current.moved = true;
    // Below the minimum only on a phone, where a swipe down closes the sheet.
    const raw = current.startHeight + dy;
    setDragHeight(
      wide
        ? clampPanelHeight(raw, window.innerHeight)
        : Math.min(Math.max(raw, 0), window.innerHeight * 0.95),
    );
    if (wide) setLeft(clampPanelLeft(current.startLeft + dx, width, window.innerWidth));
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (current === null) return;
    const released = dragHeight ?? current.startHeight;
    setDragHeight(null);
    if (!current.moved) {
      onStateChange(state === 'expanded' ? 'collapsed' : 'expanded');
      return;
    }
    if (!wide && released < DATA_PANEL.minHeightPx / 2) {
      onStateChange('closed');
      return;
    }
    const next = releasePanel(released, window.innerHeight);
    if (next.state === 'expanded') setHeight(next.height);
    onStateChange(next.state);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const next = releasePanel(
      shownHeight + (event.key === 'ArrowUp' ? KEY_STEP_PX : -KEY_STEP_PX),
      window.innerHeight,
    );
    if (next.state === 'expanded') setHeight(next.height);
    onStateChange(next.state);
  };

  return {
    width,
    shownHeight,
    x,
    dragging: dragHeight !== null,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
    },
  };
}
