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

  const renderCounters = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StatsCounters />
      </QueryClientProvider>,
    );
  /** What the eye sees: a counter waiting for its count shows nothing. */
  const seen = () => Array.from(document.querySelectorAll('.stat__value > [aria-hidden]')).map((node) => (node.classList.contains('stat__shown--waiting') ? '' : node.textContent));
  /** No "0+" anywhere on the page, seen or not, and none of the placeholder figures of an earlier design. */
  const neverZeroPlus = () => {
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/(^|[^\d,])0\+/);
    for (const sample of ['1,200', '1200', '24+', '200+']) expect(text).not.toContain(sample);
  };

  it('never reads 0+: nothing while loading, the real figure for screen readers at once, then counts up staggered when scrolled into view', async () => {
    renderCounters();
    neverZeroPlus();
    expect(seen()).toEqual(['', '', '']);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/stats/public', expect.anything());
    expect(screen.getByText('1,234+', { selector: '.visually-hidden' })).toBeInTheDocument();
    expect(seen()).toEqual(['', '', '']); // not in view yet: nothing counted, nothing shown
    act(() => jest.advanceTimersByTime(3000));
    expect(seen()).toEqual(['', '', '']);
    neverZeroPlus();

    // Under jest's modern fake timers jsdom's performance.now() and requestAnimationFrame are
    // both faked: frames fire every 16 ms with the fake clock's time, so these steps are exact.
    act(() => intersect?.());
    act(() => jest.advanceTimersByTime(150));
    let now = seen();
    expect(Number(now[0]?.replace(/\D/g, ''))).toBeGreaterThan(0); // the first counter has started…
    expect(now[0]).not.toBe('1,234+');
    expect(now[1]).toBe(''); // …the second waits its 200 ms
    expect(now[2]).toBe('');
    neverZeroPlus();

    act(() => jest.advanceTimersByTime(200)); // 350 ms in
    now = seen();
    expect(now[1]).not.toBe(''); // the second started at 200 ms…
    expect(now[2]).toBe(''); // …the third waits until 400 ms
    neverZeroPlus();

    act(() => jest.advanceTimersByTime(200)); // 550 ms in
    expect(seen()[2]).not.toBe('');
    neverZeroPlus();

    act(() => jest.advanceTimersByTime(1500)); // 2050 ms in: the first has landed on its figure
    expect(seen()[0]).toBe('1,234+');

    act(() => jest.advanceTimersByTime(800)); // 2850 ms in: past 2 s for every counter
    expect(seen()).toEqual(['1,234+', '7+', '42+']);
    neverZeroPlus();
  });

  it('lands exactly on large figures (the ease-out would hide a short stop on small ones)', async () => {
    answerStats({ nautical_miles: 9_876_543, active_voyages: 123_456, crew_members: 65_432 });
    renderCounters();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    act(() => intersect?.());
    act(() => jest.advanceTimersByTime(1000));
    expect(seen()[0]).not.toBe('9,876,543+'); // still counting half-way through
    act(() => jest.advanceTimersByTime(2000));
    expect(seen()).toEqual(['9,876,543+', '123,456+', '65,432+']);
  });

  it('shows the real figures at once when the visitor prefers reduced motion', async () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList) as typeof window.matchMedia;
    try {
      renderCounters();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(50);
      });
      expect(seen()).toEqual(['1,234+', '7+', '42+']);
      neverZeroPlus();
    } finally {
      (window as { matchMedia?: unknown }).matchMedia = undefined;
    }
  });

  it('writes an empty platform as plain 0, never 0+', async () => {
    answerStats({ nautical_miles: 0, active_voyages: 0, crew_members: 0 });
    renderCounters();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(seen()).toEqual(['0', '0', '0']);
    neverZeroPlus();
  });
});
