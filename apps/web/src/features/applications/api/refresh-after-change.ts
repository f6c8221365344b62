import type { QueryClient } from '@tanstack/react-query';

/**
 * An application changed: refetch every list that shows applications or the
 * counts derived from them (this feature's own, the voyage screens, the dashboard).
 */
export function refreshAfterApplicationChange(queryClient: QueryClient): void {
  for (const queryKey of [['applications'], ['voyages'], ['dashboard']]) void queryClient.invalidateQueries({ queryKey });
}
