import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StatsCounters } from './StatsCounters';

let intersect: (() => void) | null = null;

class ControlledObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(): void {
    intersect = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect(): void {
    intersect = null;
  }
}

const answerStats = (body: { nautical_miles: number; active_voyages: number; crew_members: number }) => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => body })) as unknown as typeof fetch;
};

const shown = () => Array.from(document.querySelectorAll('.stat__value > [aria-hidden]')).map((node) => node.textContent);

describe('StatsCounters', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    intersect = null;
    (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = ControlledObserver;
    answerStats({ nautical_miles: 1234, active_voyages: 7, crew_members: 42 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('counts the real figures up, staggered, only once scrolled into view', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StatsCounters />
      </QueryClientProvider>,
    );
    // The placeholder figures an earlier design showed must never reach the page, at any point.
    const noSamples = () => {
      const text = document.body.textContent ?? '';
      for (const sample of ['1,200', '1200', '24+', '200+']) expect(text).not.toContain(sample);
    };
    noSamples();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/stats/public', expect.anything());
    expect(screen.getByText('1,234+')).toBeInTheDocument(); // the accessible full figure
    expect(shown()).toEqual(['0+', '0+', '0+']);
    act(() => jest.advanceTimersByTime(3000));
    expect(shown()).toEqual(['0+', '0+', '0+']); // not in view yet: no animation
    noSamples();

    // Under jest's modern fake timers jsdom's performance.now() and requestAnimationFrame are
    // both faked: frames fire every 16 ms with the fake clock's time, so these steps are exact.
    act(() => intersect?.());
    act(() => jest.advanceTimersByTime(150));
    let now = shown();
    expect(now[0]).not.toBe('0+'); // the first counter has started…
    expect(now[1]).toBe('0+'); // …the second waits its 200 ms
    expect(now[2]).toBe('0+');
    noSamples();

    act(() => jest.advanceTimersByTime(200)); // 350 ms in
    now = shown();
    expect(now[1]).not.toBe('0+'); // the second started at 200 ms…
    expect(now[2]).toBe('0+'); // …the third waits until 400 ms
    noSamples();

    act(() => jest.advanceTimersByTime(200)); // 550 ms in
    expect(shown()[2]).not.toBe('0+');
    noSamples();

    act(() => jest.advanceTimersByTime(1500)); // 2050 ms in: the first has landed on its figure
    expect(shown()[0]).toBe('1,234+');

    act(() => jest.advanceTimersByTime(800)); // 2850 ms in: past 2 s for every counter
    expect(shown()).toEqual(['1,234+', '7+', '42+']);
    noSamples();
  });

  it('lands exactly on large figures (the ease-out would hide a short stop on small ones)', async () => {
    answerStats({ nautical_miles: 9_876_543, active_voyages: 123_456, crew_members: 65_432 });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StatsCounters />
      </QueryClientProvider>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    act(() => intersect?.());
    act(() => jest.advanceTimersByTime(1000));
    expect(shown()[0]).not.toBe('9,876,543+'); // still counting half-way through
    act(() => jest.advanceTimersByTime(2000));
    expect(shown()).toEqual(['9,876,543+', '123,456+', '65,432+']);
  });
});
