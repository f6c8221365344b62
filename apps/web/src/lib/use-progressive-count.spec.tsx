import { describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { useProgressiveCount } from './use-progressive-count';

function Shown({ list }: { list: readonly number[] }) {
  const shown = useProgressiveCount(list, 6, 5);
  return <p>{list.slice(0, shown).join(',')}</p>;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** Each timer's update schedules the next one once rendered: run them task by task. */
const drain = () => {
  for (let task = 0; task < 10; task += 1) act(() => void jest.runOnlyPendingTimers());
};

describe('useProgressiveCount', () => {
  it('draws the first items at once and the rest in later tasks, until all are drawn', () => {
    jest.useFakeTimers();
    try {
      const list = range(20);
      const { container } = render(<Shown list={list} />);
      expect(container.textContent).toBe(range(6).join(','));
      act(() => void jest.advanceTimersToNextTimer());
      expect(container.textContent).toBe(range(11).join(','));
      drain();
      expect(container.textContent).toBe(list.join(','));
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts again from the first items when the list changes, and draws a short list whole', () => {
    jest.useFakeTimers();
    try {
      const { container, rerender } = render(<Shown list={range(20)} />);
      drain();
      const next = range(12).map((n) => n + 100);
      rerender(<Shown list={next} />);
      expect(container.textContent).toBe(next.slice(0, 6).join(','));
      drain();
      expect(container.textContent).toBe(next.join(','));
      rerender(<Shown list={[7, 8]} />);
      expect(container.textContent).toBe('7,8');
    } finally {
      jest.useRealTimers();
    }
  });
});
