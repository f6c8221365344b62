import { SOURCE_LOCALE, type EmailTemplate, type EmailTemplateUpdate, type Locale } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';
import { unknownVariables, type StoredTemplate } from '../../platform/mail/stored-templates';
import { mailI18n } from '../../platform/mail/mail-i18n';
import { shippedText, shippedVersion, TEMPLATE_DEFINITIONS, type TemplateDefinition, type TemplateText } from '../../platform/mail/template-definitions';

export const definitionOf = (name: string): TemplateDefinition => {
  const definition = TEMPLATE_DEFINITIONS[name];
  if (!definition) throw new ApplicationError('not_found', 'TEMPLATE_NOT_FOUND', 'No email template with this id');
  return definition;
};

export const checkVariables = (definition: TemplateDefinition, draft: EmailTemplateUpdate): void => {
  const unknown = unknownVariables(definition, draft);
  if (unknown.length > 0) {
    throw new ApplicationError('rule', 'UNKNOWN_VARIABLE', 'This template does not know {unknown}. It accepts {accepted}.', {
      values: { unknown: unknown.map((n) => `{{${n}}}`).join(', '), accepted: definition.variables.map((v) => `{{${v.name}}}`).join(', ') },
    });
  }
};

/** The English text a template ships with (it always has one). */
const shippedEnglish = (definition: TemplateDefinition): TemplateText => shippedText(definition, mailI18n(SOURCE_LOCALE));

type Row = StoredTemplate & { last_used: Date | null; usage_count: number };

/**
 * Email templates as Support → Communications shows them, in one language:
 * that language's stored text (or, when it has none, the English version its
 * recipients get, marked `fallback`), the variables each accepts, and how
 * often and when it was last used (from `email_messages`, every language together).
 */
const toTemplate = (definition: TemplateDefinition, locale: Locale, rows: { readonly own?: Row; readonly english?: Row }): EmailTemplate => {
  const fallback = locale !== SOURCE_LOCALE && !rows.own;
  const row = fallback ? rows.english : rows.own;
  const shipped = (fallback ? null : shippedVersion(definition, locale)) ?? shippedEnglish(definition);
  const subject = row?.subject ?? shipped.subject;
  const body = row?.body ?? shipped.body;
  const actionLabel = row ? row.action_label : shipped.action_label;
  const actionUrl = row ? row.action_url : shipped.action_url;
  const usage = rows.own ?? rows.english;
  return {
    id: definition.name,
    name: definition.title,
    description: definition.description,
    category: definition.category,
    subject,
    body,
    action_label: actionLabel,
    action_url: actionUrl,
    variables: definition.variables.map((v) => ({ name: v.name, description: v.description })),
    customized: subject !== shipped.subject || body !== shipped.body || actionLabel !== shipped.action_label || actionUrl !== shipped.action_url,
    locale,
    fallback,
    updated_at: row?.updated_at?.toISOString() ?? null,
    last_used: usage?.last_used?.toISOString() ?? null,
    usage_count: usage?.usage_count ?? 0,
  };
};

/** The stored versions of some templates in one language and in English, by name. */
const loadRows = async (dataSource: DataSource, names: readonly string[], locale: Locale): Promise<Map<string, { own?: Row; english?: Row }>> => {
  const rows = await dataSource.query<Row[]>(
    `SELECT t.name, t.locale, t.subject, t.body, t.action_label, t.action_url, t.updated_at, u.last_used, coalesce(u.usage_count, 0)::int AS usage_count
       FROM email_templates t
       LEFT JOIN LATERAL (SELECT max(created_at) AS last_used, count(*) AS usage_count FROM email_messages m WHERE m.template = t.name AND m.status = 'sent') u ON true
      WHERE t.name = ANY($1) AND t.locale IN ($2, $3)`,
    [names, locale, SOURCE_LOCALE],
  );
  const byName = new Map<string, { own?: Row; english?: Row }>();
  for (const row of rows) {
    const entry = byName.get(row.name) ?? {};
    if (row.locale === locale) entry.own = row;
    if (row.locale === SOURCE_LOCALE) entry.english = row;
    byName.set(row.name, entry);
  }
  return byName;
};

/** Every template the product sends, in the order of their definitions, in one language. */
export async function loadEmailTemplates(dataSource: DataSource, locale: Locale = SOURCE_LOCALE): Promise<EmailTemplate[]> {
  const definitions = Object.values(TEMPLATE_DEFINITIONS);
  const rows = await loadRows(
    dataSource,
    definitions.map((d) => d.name),
    locale,
  );
  return definitions.map((definition) => toTemplate(definition, locale, rows.get(definition.name) ?? {}));
}

/** One template in one language (404 `TEMPLATE_NOT_FOUND` for a name the product does not send). */
export async function loadEmailTemplate(dataSource: DataSource, name: string, locale: Locale = SOURCE_LOCALE): Promise<EmailTemplate> {
  const definition = definitionOf(name);
  return toTemplate(definition, locale, (await loadRows(dataSource, [name], locale)).get(name) ?? {});
}
