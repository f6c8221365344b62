import { useEffect, useRef, useState } from 'react';

/** Spec: counters count up over 2 s, each starting 200 ms after the previous one. */
export const COUNT_UP_MS = 2000;
export const COUNT_UP_STAGGER_MS = 200;

/** Ease-out so the last digits settle gently; exact at both ends. */
export const countAt = (target: number, elapsedMs: number, durationMs = COUNT_UP_MS): number => {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return target;
  const progress = elapsedMs / durationMs;
  return Math.round(target * (1 - Math.pow(1 - progress, 3)));
};

/** Starts counting the first time `start` turns true, after `delayMs`; never again. */
export function useCountUp(target: number, start: boolean, delayMs: number): number {
  const [value, setValue] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduceMotion) {
      setValue(target);
      return;
    }
    let frame = 0;
    const begin = performance.now() + delayMs;
    const tick = (now: number) => {
      setValue(countAt(target, now - begin));
      if (now - begin < COUNT_UP_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [start, target, delayMs]);

  // A target that arrives after the animation (data loaded late) shows at once.
  useEffect(() => {
    if (started.current && value > target) setValue(target);
  }, [target, value]);

  return value;
}
