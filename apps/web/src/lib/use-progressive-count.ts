import { useEffect, useState } from 'react';

/**
 * How many of `list`'s items to draw now: `first` at once, then `step` more in
 * each following task until all are drawn. A page of twenty cards is then a
 * few short tasks instead of one long one, so a tap or scroll on a phone is
 * never held up behind the whole list; the first cards (what the screen
 * shows) come in the first task. Starts again when `list` changes.
 */
export function useProgressiveCount(list: readonly unknown[] | undefined, first = 6, step = 5): number {
  const total = list?.length ?? 0;
  const [state, setState] = useState({ list, shown: Math.min(first, total) });
  // A new list starts from its first items (what was drawn of the old one does not count).
  const shown = state.list === list ? Math.min(state.shown, total) : Math.min(first, total);
  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = setTimeout(() => setState({ list, shown: Math.min(shown + step, total) }), 0);
    return () => clearTimeout(timer);
  }, [shown, list, total, step]);
  return shown;
}
