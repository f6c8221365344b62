import { use, type ComponentType } from 'react';

type Loader = () => Promise<{ [name: string]: unknown }>;

/** A screen in a chunk of its own, and the way to fetch that chunk ahead of drawing it. */
export interface LazyPage {
  (): React.JSX.Element | null;
  /** Fetches the screen's chunk (once); resolves when it can be drawn without waiting. */
  preload(): Promise<void>;
}

/**
 * A screen loaded on demand. Unlike React.lazy, a screen whose chunk has
 * arrived draws at once, without suspending for a tick: the app fetches the
 * first page's chunk before its first render (see main.tsx), so the shell
 * and the page appear together and nothing drawn first has to move. Later
 * navigations suspend inside a transition, so the page left stays until the
 * next one is ready. A chunk that fails to arrive throws to the route's error
 * boundary, and the next attempt fetches it again.
 */
export function lazyPage(load: Loader, name: string): LazyPage {
  let Component: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (module) => {
        Component = module[name] as ComponentType;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Page = (() => {
    if (!Component) use(preload());
    return Component ? <Component /> : null;
  }) as LazyPage;
  Page.preload = preload;
  return Page;
}
