import { describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { afterNextPaint, usePainted } from './after-first-paint';

function Probe() {
  return <p>{usePainted() ? 'painted' : 'first frame'}</p>;
}

describe('afterNextPaint', () => {
  it('waits for the frame after the next (the next is then on screen) and then a task of its own', async () => {
    jest.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      let done = false;
      void afterNextPaint().then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      // The frame is drawn, but may not be on screen yet: still not done.
      frames.splice(0).forEach((callback) => callback(0));
      await Promise.resolve();
      await act(async () => void jest.runOnlyPendingTimers());
      expect(done).toBe(false);
      // The next frame's callback: the work waits for the task after it.
      expect(frames).toHaveLength(1);
      frames.splice(0).forEach((callback) => callback(16));
      await Promise.resolve();
      expect(done).toBe(false);
      await act(async () => void jest.runOnlyPendingTimers());
      expect(done).toBe(true);
    } finally {
      frame.mockRestore();
      jest.useRealTimers();
    }
  });
});

describe('usePainted', () => {
  it('is false on the first render and true once it has been painted', async () => {
    const { container, findByText } = render(<Probe />);
    expect(container.textContent).toBe('first frame');
    expect(await findByText('painted')).toBeTruthy();
  });
});
