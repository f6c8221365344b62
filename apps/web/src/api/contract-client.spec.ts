import { messagingPaths } from '@crew/contracts/constants';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiPaths } from '@crew/contracts/paths';
import { apiKey, callApi, urlOf } from './contract-client';
import { tokenStore } from '../lib/token-store';

/** What fetch was asked, and a JSON answer for it. */
const answer = (status: number, body: unknown) => {
  const fetchMock = jest.fn(async () => ({ ok: status < 400, status, headers: { get: () => null }, json: async () => body }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
};

describe('contract client', () => {
  afterEach(() => tokenStore.clear());

  it('fills path parameters (encoded) and leaves empty query values out', () => {
    expect(urlOf('/api/voyages/{id}', { id: 'a b/c' })).toBe('/api/voyages/a%20b%2Fc');
    expect(urlOf('/api/voyages/', undefined, { search: 'Split', page: 2, empty: '', none: undefined })).toBe('/api/voyages/?search=Split&page=2');
    expect(() => urlOf('/api/voyages/{id}', {})).toThrow('needs the parameter id');
  });

  it('sends the method and path of the contract and checks the answer with its schema', async () => {
    const fetchMock = answer(200, { unread: 3 });
    tokenStore.set('token-1');
    await expect(callApi('GET', messagingPaths.unreadCount)).resolves.toEqual({ unread: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/messages/unread-count');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['authorization']).toBe('Bearer token-1');
    // An answer that breaks the contract is refused, not passed on.
    answer(200, { unread: 'three' });
    await expect(callApi('GET', messagingPaths.unreadCount)).rejects.toThrow();
  });

  it('passes a public read asked with check: false on unchecked, as first-visit pages do (no schema library loaded for them)', async () => {
    answer(200, { unread: 'three' });
    await expect(callApi('GET', messagingPaths.unreadCount, { check: false })).resolves.toEqual({ unread: 'three' });
  });

  it('sends a JSON body and the server’s error as an ApiError', async () => {
    const fetchMock = answer(409, { error: 'Voyage is full', code: 'VOYAGE_FULL' });
    await expect(callApi('POST', apiPaths.apply, { body: { voyage_id: '7f1c9a4e-2b1d-4c3e-9f00-000000000001', message: 'Hello' } })).rejects.toMatchObject({
      status: 409,
      code: 'VOYAGE_FULL',
      message: 'Voyage is full',
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ voyage_id: '7f1c9a4e-2b1d-4c3e-9f00-000000000001', message: 'Hello' });
  });

  it('keys every cached answer by path, then parameters, then query', () => {
    expect(apiKey(apiPaths.getVoyage, { id: 'v1' })).toEqual(['/api/voyages/{id}', { id: 'v1' }, {}]);
    expect(apiKey(apiPaths.listVoyages, null, { page: 2 })).toEqual(['/api/voyages/', {}, { page: 2 }]);
  });
});

/** Checked by the web typecheck (`npm test`), never run: what the contract refuses does not compile. */
export function refusedAtBuildTime(): void {
  // @ts-expect-error: no such route
  void callApi('GET', '/api/no-such-route');
  // @ts-expect-error: the route takes POST, not GET
  void callApi('GET', apiPaths.apply);
  // @ts-expect-error: a path parameter is missing
  void callApi('GET', apiPaths.getVoyage);
  // @ts-expect-error: a body field the contract does not name
  void callApi('POST', apiPaths.apply, { body: { voyage: 'x', message: 'Hello' } });
  void callApi('GET', apiPaths.getVoyage, { params: { id: 'v1' } }).then((voyage) => {
    // The answer is the contract's type.
    const title: string = voyage.title;
    // @ts-expect-error: a field the answer does not have
    void voyage.no_such_field;
    return title;
  });
}
