import { apiPaths } from '@crew/contracts/paths';
import { activeLocale } from '../i18n/i18n';
import { callApi } from './contract-client';

/** Port search from 2 characters, 8 results. */
export const PORT_SEARCH_MIN_CHARS = 2;
export const PORT_SEARCH_LIMIT = 8;
export const PORT_SEARCH_DEBOUNCE_MS = 300;

/**
 * GET /api/geo/ports/search. Called imperatively by the combobox, which owns debouncing and cancelling.
 * Ports are found by their name in any language and answered named in the page's language (the
 * browser's own Accept-Language may be another).
 */
export const searchPorts = async (q: string, signal?: AbortSignal) =>
  (
    await callApi('GET', apiPaths.searchPorts, {
      query: { q: q.trim(), limit: PORT_SEARCH_LIMIT, major_only: 'false' },
      headers: { 'accept-language': activeLocale() },
      ...(signal ? { signal } : {}),
    })
  ).ports;
