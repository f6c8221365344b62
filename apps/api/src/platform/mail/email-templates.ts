import type { JsonObject } from '@crew/domain';
import type { Locale } from '@crew/rules';
import type { I18n } from '@lingui/core';

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra headers, such as a list's own List-Unsubscribe (RFC 2369, RFC 8058). */
  readonly headers?: Readonly<Record<string, string>>;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template parameter as text ('' when absent or not a plain value). */
export const str = (params: JsonObject, key: string): string => {
  const value = params[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/**
 * Wraps paragraphs (and an optional call to action) in the product's plain
 * mail layout, its HTML marked with the mail's language. The signature is the
 * product's name, the same in every language.
 */
export const layout = (paragraphs: readonly string[], action?: { label: string; url: string }, locale: Locale = 'en'): { text: string; html: string } => {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Crew Finder'].join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0b2540;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#0a6cbd;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ''}
<p style="color:#5b6b7b">— Crew Finder</p></body></html>`;
  return { text, html };
};

/**
 * Renders one email from its template's parameters, in the language of the
 * translator it is given (the recipient's saved language): its texts are
 * Lingui macros, `t(i18n)\`…\``.
 */
export type MailRenderer = (params: JsonObject, i18n: I18n) => RenderedEmail;
/** A context's templates, by name. */
export type MailRenderers = Record<string, MailRenderer>;
