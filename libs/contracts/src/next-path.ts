// A leaf (it imports nothing), so the sign-in screens' first chunks carry it without the constants' other modules.

/** The longest `next` path a sign-in link carries. */
export const NEXT_PATH_MAX = 512;

/**
 * A page of this site to return to after signing in (`next`): a relative path
 * starting with one "/", never "//" or a backslash (which browsers read as
 * another host), no control characters or spaces, and one that resolves to
 * this same origin. Anything else is ignored, so a link can never send a
 * member to another site (no open redirect).
 */
export function isSafeNextPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_PATH_MAX) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(value)) return false;
  const base = 'https://same-site.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}
