import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import { tokenStore } from './token-store';

/** A fetch that answers 401 once `release` is called, so the session can change while the request is under way. */
const pending401 = () => {
  let release: () => void = () => undefined;
  globalThis.fetch = jest.fn(
    () =>
      new Promise<Response>((resolve) => {
        release = () => resolve({ ok: false, status: 401, json: async () => ({ error: 'Sign in again', code: 'UNAUTHORIZED' }) } as Response);
      }),
  ) as unknown as typeof fetch;
  return () => release();
};

describe('a 401 from the API', () => {
  const unauthorized = jest.fn();
  setUnauthorizedHandler(unauthorized);
  afterEach(() => {
    unauthorized.mockClear();
    tokenStore.clear();
  });

  it('ends the session the request carried', async () => {
    tokenStore.set('session-1');
    const answer = pending401();
    const request = apiRequest('/api/auth/me');
    answer();
    await expect(request).rejects.toMatchObject({ status: 401, message: 'Sign in again' });
    expect(tokenStore.get()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('to a request sent signed out (a screen leaving after Logout) sends no one to sign in', async () => {
    const answer = pending401();
    const request = apiRequest('/api/profile/verification-status');
    answer();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('to a request of an earlier session leaves the session signed in since', async () => {
    tokenStore.set('session-1');
    const answer = pending401();
    const request = apiRequest('/api/auth/me');
    tokenStore.set('session-2');
    answer();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBe('session-2');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('to the session the member is ending themselves (Logout, account deleted) leaves it to the page they go to', async () => {
    tokenStore.set('session-1');
    tokenStore.markEnding();
    const answer = pending401();
    const request = apiRequest('/api/auth/me');
    answer();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBe('session-1');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['signed in again after one was ended', () => (tokenStore.clear(), tokenStore.set('session-1'))],
    ['the member chose to keep (the account could not be deleted)', () => tokenStore.cancelEnding()],
  ])('to a session %s ends it as usual', async (_case, after) => {
    tokenStore.set('session-1');
    tokenStore.markEnding();
    after();
    const answer = pending401();
    const request = apiRequest('/api/auth/me');
    answer();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});
