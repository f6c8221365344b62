import { t } from '@lingui/core/macro';
import { accountSelfServicePaths } from '@crew/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { activeLocale } from '../i18n/i18n';
import { ApiError, REQUEST_TIMEOUT_MS } from '../lib/api-client';
import { tokenStore } from '../lib/token-store';
import { callApi, type ApiBody } from './contract-client';

/** PUT /api/users/me/password: every other session ends; the answer's token keeps this one signed in. */
export const changePassword = (body: ApiBody<'PUT', typeof accountSelfServicePaths.password>) => callApi('PUT', accountSelfServicePaths.password, { body });

/** DELETE /api/users/me: erases the account (password, and the authenticator code when two-step sign-in is on). */
export const deleteAccount = (body: ApiBody<'DELETE', typeof accountSelfServicePaths.me>) => callApi('DELETE', accountSelfServicePaths.me, { body });

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The token this browser held no longer works: the fresh one replaces it.
    onSuccess: (answer) => tokenStore.set(answer.access_token),
  });
}

/**
 * From the moment the deletion is sent the session is one the member is ending: a 401 to its token is expected and
 * left to the page they go to (`onDeleted`); a refusal keeps it. These run even when the screen has gone meanwhile.
 */
export function useDeleteAccount(onDeleted: (answer: Awaited<ReturnType<typeof deleteAccount>>) => void) {
  return useMutation({
    mutationFn: deleteAccount,
    onMutate: () => tokenStore.markEnding(),
    onError: () => tokenStore.cancelEnding(),
    onSuccess: onDeleted,
  });
}

/**
 * GET /api/users/me/export, saved as the file the server names. The answer
 * is a file, not an object to check, so it is read as a blob rather than
 * through the contract client; refusals (the hourly limit) carry the API's
 * message. A large file may take longer than an ordinary request.
 */
export async function downloadMyData(): Promise<string> {
  const token = tokenStore.get();
  const response = await fetch(accountSelfServicePaths.export, {
    // A refusal's text in the page's language, as every other request.
    headers: { accept: 'application/json', 'accept-language': activeLocale(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 6),
  }).catch(() => {
    throw new ApiError(0, 'NETWORK', t`Could not reach the server. Check your connection and try again.`);
  });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof refusal?.code === 'string' ? refusal.code : 'EXPORT_FAILED',
      typeof refusal?.error === 'string' ? refusal.error : t`Failed to download your data.`,
    );
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'crew-finder-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
