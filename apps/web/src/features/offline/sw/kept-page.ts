/*
 * What the service worker writes to the device when it keeps a page. A guest's voyage page carries that voyage's
 * public answer, the skipper's public name included, as a data block (apps/api/src/platform/http/page-shell.ts,
 * withAnswer). A kept copy must not: the block would stay readable on the device after the member is erased, and
 * the copy's app asks the API (or says it is offline) anyway, since the block is ignored once a few minutes old.
 */

/** The data block, whatever its attributes' order; its JSON has no raw `<` (the server escapes it). */
const CARRIED_ANSWER = /<script\b[^>]*\bid="early-answer"[^>]*>[\s\S]*?<\/script>[ \t]*\n?[ \t]*/g;

/** The page without the API answers it carries. */
export const withoutCarriedAnswer = (html: string): string => html.replace(CARRIED_ANSWER, '');

/**
 * The copy of a page response to keep: an HTML page without its carried answer (its length, encoding and entity
 * tag no longer describe it), anything else as it is.
 */
export async function keptCopy(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
  return new Response(withoutCarriedAnswer(html), { status: response.status, statusText: response.statusText, headers });
}
