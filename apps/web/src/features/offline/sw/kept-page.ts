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

/** `html` as the page `response` was, but for its length, encoding and entity tag, which no longer describe it. */
const pageOf = (html: string, response: Response): Response => {
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};

const isPage = (response: Response): boolean => (response.headers.get('content-type') ?? '').startsWith('text/html');

/** The copy of a page response to keep: an HTML page without its carried answer, anything else as it is. */
export async function keptCopy(response: Response): Promise<Response> {
  return isPage(response) ? pageOf(withoutCarriedAnswer(await response.text()), response) : response;
}

/** A kept page to keep again without the answer it carries (kept by an older worker); null when it carries none. */
export async function keptAgain(kept: Response): Promise<Response | null> {
  if (!isPage(kept)) return null;
  const html = await kept.text();
  const stripped = withoutCarriedAnswer(html);
  return stripped === html ? null : pageOf(stripped, kept);
}
