/**
 * Runs `callback` once the browser has painted the next frame: a tap's own feedback (a tick, a
 * spinner) is drawn first, and the work it starts (writing the URL, which the router does
 * synchronously before its render) comes after. A requestAnimationFrame callback runs just before
 * the frame's paint; a task it posts runs after that paint. Answers a function that cancels it
 * (for a control that unmounts in between).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
