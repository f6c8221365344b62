import { t } from '@lingui/core/macro';
import { ApiError, REQUEST_TIMEOUT_MS } from '../lib/api-client';
import { tokenStore } from '../lib/token-store';

/**
 * Saves a voyage's .ics with the session's token: a voyage shown only to
 * some members (a draft to its skipper, a suspended voyage to its
 * applicants) answers only a signed-in request, which a plain link is not.
 * Loaded on the click, so the voyage page carries none of it.
 */
export async function downloadVoyageCalendar(url: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => {
    throw new ApiError(0, 'NETWORK', t`Could not reach the server. Check your connection and try again.`);
  });
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof refusal?.code === 'string' ? refusal.code : 'CALENDAR_FAILED',
      typeof refusal?.error === 'string' ? refusal.error : t`The calendar file could not be downloaded.`,
    );
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'voyage.ics';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
