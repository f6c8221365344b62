import type { JsonObject } from '@crew/domain';
import { LOCALES, SOURCE_LOCALE, type Locale } from '@crew/rules';
import type { DataSource } from 'typeorm';
import { layout, str, type MailRenderer, type RenderedEmail } from './email-templates';
import { localeOf } from './mail-i18n';
import { shippedText, shippedVersion, TEMPLATE_DEFINITIONS, type TemplateDefinition, type TemplateText } from './template-definitions';

/** A template's version in one language, as stored in `email_templates` (administrators edit it in Support → Communications). */
export interface StoredTemplate extends TemplateText {
  readonly name: string;
  readonly locale: Locale;
  readonly updated_at: Date | null;
}

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a piece of template text names. */
export const variablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1]!);

const fill = (text: string, params: JsonObject): string => text.replace(VARIABLE, (_all, name: string) => str(params, name));

/**
 * Renders stored template text: `{{name}}` becomes the value (text only; the
 * layout escapes it for HTML), paragraphs are separated by a blank line, and a
 * paragraph whose variables are all empty is left out (so "Their message: …"
 * disappears when there is none). The call to action shows when its URL's
 * variables all have values. `locale` is the language the text is in.
 */
export const renderStoredTemplate = (
  template: Pick<StoredTemplate, 'subject' | 'body' | 'action_label' | 'action_url'>,
  params: JsonObject,
  locale: Locale = SOURCE_LOCALE,
): RenderedEmail => {
  const paragraphs: string[] = [];
  for (const paragraph of template.body.split(/\n\s*\n/)) {
    const names = variablesIn(paragraph);
    if (names.length > 0 && names.every((name) => str(params, name) === '')) continue;
    paragraphs.push(
      ...fill(paragraph, params)
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    );
  }
  const url = template.action_url ?? '';
  const urlNames = variablesIn(url);
  const action =
    template.action_label && url && urlNames.every((name) => str(params, name) !== '') ? { label: fill(template.action_label, params), url: fill(url, params) } : undefined;
  return { subject: fill(template.subject, params).trim(), ...layout(paragraphs, action, locale) };
};

/** Variables a draft names that its template does not accept. */
export const unknownVariables = (definition: TemplateDefinition, draft: { subject: string; body: string; action_label?: string | null; action_url?: string | null }): string[] => {
  const known = new Set(definition.variables.map((v) => v.name));
  const used = [draft.subject, draft.body, draft.action_label ?? '', draft.action_url ?? ''].flatMap(variablesIn);
  return [...new Set(used.filter((name) => !known.has(name)))];
};

const CACHE_MS = 5_000;

/**
 * Reads templates from the database for the mail pipeline, kept for a few
 * seconds (a campaign sends thousands with one read); a save in this process
 * clears the cache at once, other processes see it within 5 s. A template
 * with no stored row, or one the table cannot give, falls back to the text
 * built into the code.
 */
export class TemplateStore {
  private cache = new Map<string, { at: number; template: StoredTemplate | null }>();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes the shipped text of every editable template in every language the
   * product translates it into, where there is no row yet; a row no
   * administrator has edited follows the shipped text (a corrected
   * translation reaches it on the next start).
   */
  async ensureDefaults(): Promise<void> {
    const rows = Object.values(TEMPLATE_DEFINITIONS).flatMap((definition) =>
      LOCALES.flatMap((locale) => {
        const text = shippedVersion(definition, locale);
        return text ? [{ name: definition.name, locale, ...text }] : [];
      }),
    );
    await this.dataSource.query(
      `INSERT INTO email_templates (name, locale, subject, body, action_label, action_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (name, locale) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, action_label = EXCLUDED.action_label, action_url = EXCLUDED.action_url
        WHERE email_templates.updated_at IS NULL
          AND (email_templates.subject, email_templates.body, email_templates.action_label, email_templates.action_url)
              IS DISTINCT FROM (EXCLUDED.subject, EXCLUDED.body, EXCLUDED.action_label, EXCLUDED.action_url)`,
      [rows.map((r) => r.name), rows.map((r) => r.locale), rows.map((r) => r.subject), rows.map((r) => r.body), rows.map((r) => r.action_label), rows.map((r) => r.action_url)],
    );
  }

  /** The version a recipient in `locale` gets: that language's, else the English one; null when neither is stored. */
  async load(name: string, locale: Locale = SOURCE_LOCALE): Promise<StoredTemplate | null> {
    const key = `${name}\u0000${locale}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.template;
    const [row] = await this.dataSource.query<StoredTemplate[]>(
      `SELECT name, locale, subject, body, action_label, action_url, updated_at FROM email_templates
        WHERE name = $1 AND locale IN ($2, $3) ORDER BY locale = $2 DESC LIMIT 1`,
      [name, locale, SOURCE_LOCALE],
    );
    const template = row ?? null;
    this.cache.set(key, { at: Date.now(), template });
    return template;
  }

  /** Drops cached copies: every language of one template, or everything. */
  invalidate(name?: string): void {
    if (!name) {
      this.cache.clear();
      return;
    }
    for (const key of this.cache.keys()) if (key.startsWith(`${name}\u0000`)) this.cache.delete(key);
  }
}

/**
 * The built-in renderer of an editable template: its shipped text in the
 * translator's language, rendered as its stored copy would be (what is sent
 * when `email_templates` gives nothing).
 */
export const shippedRenderer =
  (name: string): MailRenderer =>
  (params, i18n) => {
    const definition = TEMPLATE_DEFINITIONS[name];
    if (!definition) throw new Error(`${name} is not an editable email template`);
    return renderStoredTemplate(shippedText(definition, i18n), params, localeOf(i18n));
  };
