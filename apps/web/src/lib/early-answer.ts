import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

declare global {
  interface Window {
    /** The voyage a guest's first page load asked for before the app ran (public/voyage-prefetch.js); null once the app has looked. */
    __crewEarlyVoyage?: { readonly id: string; readonly answer: Promise<unknown> } | null;
    /** The list page a guest's first page load asked for before the app ran, by its address; null once the app has looked. */
    __crewEarlyList?: { readonly url: string; readonly answer: Promise<unknown> } | null;
  }
}

/**
 * Prefetches a query, taking the answer the page's HTML already asked for
 * (public/voyage-prefetch.js) when there is one: a failed or refused early
 * request (null) is asked again by the query's own function, which reports
 * errors as usual.
 */
export function prefetchWithEarlyAnswer<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  early: Promise<unknown> | null | undefined,
): Promise<void> {
  const { queryFn } = options;
  if (!early || typeof queryFn !== 'function') return queryClient.prefetchQuery(options);
  return queryClient.prefetchQuery({ ...options, queryFn: async (context) => ((await early) as TData | null) ?? queryFn(context) });
}
