import { describe, expect, it, jest } from '@jest/globals';
import { startFreshLoadsAtTop } from './scroll-restoration';

/** A history whose current entry holds `state`. */
const historyWith = (state: unknown): History => {
  let current = state;
  return {
    get state() {
      return current;
    },
    replaceState: (next: unknown) => {
      current = next;
    },
  } as unknown as History;
};

describe('startFreshLoadsAtTop', () => {
  it('gives an entry loaded afresh (no state: a typed address, a link from an email) a key of its own', () => {
    const first = historyWith(null);
    const second = historyWith(null);
    startFreshLoadsAtTop(first, 'navigate');
    startFreshLoadsAtTop(second, 'navigate');
    const key = (first.state as { key: string }).key;
    expect(key).toMatch(/^[0-9a-z]+$/);
    expect(key).not.toBe('default');
    expect((second.state as { key: string }).key).not.toBe(key);
    // Its place in the session, as the router would write it (so the router does not write the entry a second time).
    expect((first.state as { idx: number }).idx).toBe(0);
  });

  it('gives a reloaded entry a new key, keeping the rest of its state', () => {
    const history = historyWith({ key: 'abc123', idx: 2, usr: { from: '/voyages' } });
    startFreshLoadsAtTop(history, 'reload');
    expect(history.state).toEqual({ key: expect.not.stringMatching(/^abc123$/), idx: 2, usr: { from: '/voyages' } });
  });

  it('keeps the key of an entry reached by Back or Forward, so its place comes back', () => {
    const history = historyWith({ key: 'abc123', idx: 2, usr: null });
    startFreshLoadsAtTop(history, 'back_forward');
    expect(history.state).toEqual({ key: 'abc123', idx: 2, usr: null });
  });

  it('treats Back to an entry without a key as a fresh load', () => {
    const history = historyWith(null);
    startFreshLoadsAtTop(history, 'back_forward');
    expect(typeof (history.state as { key?: unknown }).key).toBe('string');
  });

  it('leaves the router nothing to write into a fresh entry when it starts', async () => {
    const { act, render } = await import('@testing-library/react');
    const { BrowserRouter } = await import('react-router-dom');
    window.history.replaceState(null, '');
    startFreshLoadsAtTop(window.history, 'navigate');
    const written = { ...(window.history.state as Record<string, unknown>) };
    const replaceState = jest.spyOn(window.history, 'replaceState');
    await act(async () => {
      render(<BrowserRouter>{null}</BrowserRouter>);
    });
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.history.state).toEqual(written);
    replaceState.mockRestore();
  });
});

describe('useScrollRestoration', () => {
  it('opens a new page at the top and brings Back to the place the reader left', async () => {
    const { act, render } = await import('@testing-library/react');
    const { MemoryRouter, useNavigate } = await import('react-router-dom');
    const { useScrollRestoration } = await import('./scroll-restoration');
    const scrolls: number[] = [];
    window.scrollTo = ((_x: number, y: number) => {
      scrolls.push(y);
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    }) as typeof window.scrollTo;
    let navigate: ReturnType<typeof useNavigate> = () => undefined;
    function Page() {
      useScrollRestoration();
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/voyages']}>
        <Page />
      </MemoryRouter>,
    );
    // The page the document opened on is at the top already: no scroll, so no early layout of the first screen.
    expect(scrolls).toEqual([]);
    // The reader scrolls down the list, opens a voyage (which starts at the top), then goes Back.
    Object.defineProperty(window, 'scrollY', { value: 1400, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await act(async () => navigate('/voyages/abc'));
    expect(scrolls.at(-1)).toBe(0);
    await act(async () => navigate(-1));
    expect(scrolls.at(-1)).toBe(1400);
  });
});
