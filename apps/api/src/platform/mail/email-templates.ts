import type { JsonObject } from '@crew/domain';

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template parameter as text ('' when absent or not a plain value). */
export const str = (params: JsonObject, key: string): string => {
  const value = params[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/** Wraps paragraphs (and an optional call to action) in the product's plain mail layout. */
export const layout = (paragraphs: readonly string[], action?: { label: string; url: string }): { text: string; html: string } => {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Crew Finder'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0b2540;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#0a6cbd;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ''}
<p style="color:#5b6b7b">— Crew Finder</p></body></html>`;
  return { text, html };
};

/** Renders one email from its template's parameters. */
export type MailRenderer = (params: JsonObject) => RenderedEmail;
/** A context's templates, by name. */
export type MailRenderers = Record<string, MailRenderer>;
