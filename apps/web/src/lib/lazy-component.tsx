import { use, type ComponentType } from 'react';

/** A component in a chunk of its own, and the way to fetch that chunk ahead of drawing it. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches the component's chunk (once); resolves when it can be drawn without waiting. */
  preload(): Promise<void>;
};

/**
 * A component loaded on demand. Unlike React.lazy, one whose chunk has
 * arrived draws at once, without suspending: React.lazy suspends on every
 * first render, even of a module already loaded, and React then holds the
 * content back for its fallback throttle (300 ms), so a dialog whose code
 * was fetched ahead still opened a third of a second after the tap. A chunk
 * not there yet suspends (to the nearest Suspense boundary); one that fails
 * to arrive throws to the error boundary, and the next attempt fetches it
 * again.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ [name: string]: unknown }>, name: string): LazyComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType<P>;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = ((props: P) => {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded {...props} /> : null;
  }) as LazyComponent<P>;
  Lazy.preload = preload;
  return Lazy;
}
