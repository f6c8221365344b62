import type { JsonObject } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { layout, str, type RenderedEmail } from './email-templates';
import { TEMPLATE_DEFINITIONS, type TemplateDefinition } from './template-definitions';

/** A template as stored in `email_templates` (administrators edit it in Support → Communications). */
export interface StoredTemplate {
  readonly name: string;
  readonly subject: string;
  readonly body: string;
  readonly action_label: string | null;
  readonly action_url: string | null;
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
 * variables all have values.
 */
export const renderStoredTemplate = (template: Pick<StoredTemplate, 'subject' | 'body' | 'action_label' | 'action_url'>, params: JsonObject): RenderedEmail => {
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
  return { subject: fill(template.subject, params).trim(), ...layout(paragraphs, action) };
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

  /** Writes the shipped text of every editable template that has no row yet. */
  async ensureDefaults(): Promise<void> {
    const definitions = Object.values(TEMPLATE_DEFINITIONS);
    await this.dataSource.query(
      `INSERT INTO email_templates (name, subject, body, action_label, action_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) ON CONFLICT (name) DO NOTHING`,
      [
        definitions.map((d) => d.name),
        definitions.map((d) => d.subject),
        definitions.map((d) => d.body),
        definitions.map((d) => d.actionLabel),
        definitions.map((d) => d.actionUrl),
      ],
    );
  }

  async load(name: string): Promise<StoredTemplate | null> {
    const cached = this.cache.get(name);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.template;
    const [row] = await this.dataSource.query<StoredTemplate[]>('SELECT name, subject, body, action_label, action_url, updated_at FROM email_templates WHERE name = $1', [name]);
    const template = row ?? null;
    this.cache.set(name, { at: Date.now(), template });
    return template;
  }

  invalidate(name?: string): void {
    if (name) this.cache.delete(name);
    else this.cache.clear();
  }
}
