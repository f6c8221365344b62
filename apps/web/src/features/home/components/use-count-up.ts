import { useEffect, useRef, useState } from 'react';

/** Counters count up over 2 s, each starting 200 ms after the previous one. */
export const COUNT_UP_MS = 2000;
export const COUNT_UP_STAGGER_MS = 200;

/** Ease-out so the last digits settle gently; exact at both ends. */
export const countAt = (target: number, elapsedMs: number, durationMs = COUNT_UP_MS): number => {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return target;
  const progress = elapsedMs / durationMs;
  return Math.round(target * (1 - Math.pow(1 - progress, 3)));
};

/**
 * waiting: the figure is known but its count has not begun (not yet scrolled
 * into view, or its turn in the stagger): nothing is shown, never a 0.
 * counting: the figure climbs to the target. done: the target itself.
 */
export type CountPhase = 'waiting' | 'counting' | 'done';

const prefersReducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Counts up to `target` the first time `start` turns true, after `delayMs`;
 * never again. With reduced motion, or nothing to count, it is the target at once.
 */
export function useCountUp(target: number, start: boolean, delayMs: number): { value: number; phase: CountPhase } {
  const still = target <= 0 || prefersReducedMotion();
  const [state, setState] = useState<{ value: number; phase: CountPhase }>(() => (still ? { value: target, phase: 'done' } : { value: target, phase: 'waiting' }));
  const started = useRef(false);

  useEffect(() => {
    if (still || !start || started.current) return;
    started.current = true;
    let frame = 0;
    const begin = performance.now() + delayMs;
    const tick = (now: number) => {
      const elapsed = now - begin;
      if (elapsed >= COUNT_UP_MS) {
        setState({ value: target, phase: 'done' });
        return;
      }
      // The first frame of a count shows at least 1: a counter never reads 0.
      if (elapsed > 0) setState({ value: Math.max(1, countAt(target, elapsed)), phase: 'counting' });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [still, start, target, delayMs]);

  // Nothing to animate (reduced motion, a zero, or a target that changed after the count): the target as it is.
  return still || state.phase === 'done' ? { value: target, phase: 'done' } : state;
}
