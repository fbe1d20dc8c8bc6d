// Work that waits until what a keystroke shows is on screen (the home picker, the items
// across homes).

/**
 * Runs `work` in a task after the next frame is painted (a frame callback, then a task):
 * what a keystroke shows is on screen before anything else runs. Returns a cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
