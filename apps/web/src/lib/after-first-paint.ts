import { useEffect, useState } from 'react';

/**
 * Resolves in the first task after the browser has shown the current frame.
 * Code fetched from then on (a map, a search box) never holds up the page's
 * first paint: the screen shows its text first and the extras follow. A task
 * queued from the frame's own animation callback ran before the compositor
 * had put the frame on screen (on a slow phone, 20 to 40 ms before), so its
 * fetches still shared the network with the first screen; the next frame's
 * callback comes after it.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const later = () => window.setTimeout(resolve, 0);
    if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => window.requestAnimationFrame(later));
    else later();
  });

/** False on the first render, true once that render has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
