import type { EmailTemplate, EmailTemplateUpdate } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';
import { unknownVariables, type StoredTemplate } from '../../platform/mail/stored-templates';
import { TEMPLATE_DEFINITIONS, type TemplateDefinition } from '../../platform/mail/template-definitions';

export const definitionOf = (name: string): TemplateDefinition => {
  const definition = TEMPLATE_DEFINITIONS[name];
  if (!definition) throw new ApplicationError('not_found', 'TEMPLATE_NOT_FOUND', 'No email template with this id');
  return definition;
};

export const checkVariables = (definition: TemplateDefinition, draft: EmailTemplateUpdate): void => {
  const unknown = unknownVariables(definition, draft);
  if (unknown.length > 0) {
    throw new ApplicationError(
      'rule',
      'UNKNOWN_VARIABLE',
      `This template does not know ${unknown.map((n) => `{{${n}}}`).join(', ')}. It accepts ${definition.variables.map((v) => `{{${v.name}}}`).join(', ')}.`,
    );
  }
};

type Row = StoredTemplate & { last_used: Date | null; usage_count: number };

/**
 * Email templates as Support → Communications shows them: the stored text,
 * the variables each accepts, and how often and when it was last used (from
 * `email_messages`).
 */
const toTemplate = (definition: TemplateDefinition, row: Row | undefined): EmailTemplate => {
  const subject = row?.subject ?? definition.subject;
  const body = row?.body ?? definition.body;
  const actionLabel = row ? row.action_label : definition.actionLabel;
  const actionUrl = row ? row.action_url : definition.actionUrl;
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
    customized: subject !== definition.subject || body !== definition.body || actionLabel !== definition.actionLabel || actionUrl !== definition.actionUrl,
    updated_at: row?.updated_at?.toISOString() ?? null,
    last_used: row?.last_used?.toISOString() ?? null,
    usage_count: row?.usage_count ?? 0,
  };
};

const loadRows = async (dataSource: DataSource, names: readonly string[]): Promise<Map<string, Row>> => {
  const rows = await dataSource.query<Row[]>(
    `SELECT t.name, t.subject, t.body, t.action_label, t.action_url, t.updated_at, u.last_used, coalesce(u.usage_count, 0)::int AS usage_count
       FROM email_templates t
       LEFT JOIN LATERAL (SELECT max(created_at) AS last_used, count(*) AS usage_count FROM email_messages m WHERE m.template = t.name AND m.status = 'sent') u ON true
      WHERE t.name = ANY($1)`,
    [names],
  );
  return new Map(rows.map((row) => [row.name, row]));
};

/** Every template the product sends, in the order of their definitions. */
export async function loadEmailTemplates(dataSource: DataSource): Promise<EmailTemplate[]> {
  const definitions = Object.values(TEMPLATE_DEFINITIONS);
  const rows = await loadRows(
    dataSource,
    definitions.map((d) => d.name),
  );
  return definitions.map((definition) => toTemplate(definition, rows.get(definition.name)));
}

/** One template (404 `TEMPLATE_NOT_FOUND` for a name the product does not send). */
export async function loadEmailTemplate(dataSource: DataSource, name: string): Promise<EmailTemplate> {
  const definition = definitionOf(name);
  return toTemplate(definition, (await loadRows(dataSource, [name])).get(name));
}
