import { portSearchResponseSchema, type Port, type PortSearchResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 9: port search from 2 characters, 8 results. */
export const PORT_SEARCH_MIN_CHARS = 2;
export const PORT_SEARCH_LIMIT = 8;
export const PORT_SEARCH_DEBOUNCE_MS = 300;

/** GET /api/geo/ports/search. Called imperatively by the combobox, which owns debouncing and cancelling. */
export async function searchPorts(q: string, signal?: AbortSignal): Promise<Port[]> {
  const params = new URLSearchParams({ q: q.trim(), limit: String(PORT_SEARCH_LIMIT), major_only: 'false' });
  const response = await apiRequest<PortSearchResponse>(`${apiPaths.searchPorts}?${params.toString()}`, {
    schema: portSearchResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return response.ports;
}
