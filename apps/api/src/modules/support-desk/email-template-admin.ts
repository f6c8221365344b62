import type { EmailTemplate, EmailTemplatePreview, EmailTemplateUpdate } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../platform/http/api-error';
import { renderStoredTemplate, unknownVariables, type StoredTemplate, type TemplateStore } from '../../platform/mail/stored-templates';
import { TEMPLATE_DEFINITIONS, type TemplateDefinition } from '../../platform/mail/template-definitions';

const definitionOf = (name: string): TemplateDefinition => {
  const definition = TEMPLATE_DEFINITIONS[name];
  if (!definition) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', 'No email template with this id');
  return definition;
};

const checkVariables = (definition: TemplateDefinition, draft: EmailTemplateUpdate): void => {
  const unknown = unknownVariables(definition, draft);
  if (unknown.length > 0) {
    throw new ApiError(422, 'UNKNOWN_VARIABLE', `This template does not know ${unknown.map((n) => `{{${n}}}`).join(', ')}. It accepts ${definition.variables.map((v) => `{{${v.name}}}`).join(', ')}.`);
  }
};

type Row = StoredTemplate & { last_used: Date | null; usage_count: number };

/**
 * Email templates as Support → Communications shows and edits them: the
 * stored text, the variables each accepts, and how often and when it was last
 * used (from `email_messages`).
 */
export class EmailTemplateAdmin {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: TemplateStore,
  ) {}

  private toTemplate(definition: TemplateDefinition, row: Row | undefined): EmailTemplate {
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
  }

  private async rows(names: readonly string[]): Promise<Map<string, Row>> {
    const rows = await this.dataSource.query<Row[]>(
      `SELECT t.name, t.subject, t.body, t.action_label, t.action_url, t.updated_at, u.last_used, coalesce(u.usage_count, 0)::int AS usage_count
         FROM email_templates t
         LEFT JOIN LATERAL (SELECT max(created_at) AS last_used, count(*) AS usage_count FROM email_messages m WHERE m.template = t.name AND m.status = 'sent') u ON true
        WHERE t.name = ANY($1)`,
      [names],
    );
    return new Map(rows.map((row) => [row.name, row]));
  }

  async list(): Promise<EmailTemplate[]> {
    const definitions = Object.values(TEMPLATE_DEFINITIONS);
    const rows = await this.rows(definitions.map((d) => d.name));
    return definitions.map((definition) => this.toTemplate(definition, rows.get(definition.name)));
  }

  async get(name: string): Promise<EmailTemplate> {
    const definition = definitionOf(name);
    return this.toTemplate(definition, (await this.rows([name])).get(name));
  }

  async update(name: string, draft: EmailTemplateUpdate, adminId: string): Promise<EmailTemplate> {
    const definition = definitionOf(name);
    checkVariables(definition, draft);
    await this.dataSource.query(
      `INSERT INTO email_templates (name, subject, body, action_label, action_url, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, now(), $6)
       ON CONFLICT (name) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, action_label = EXCLUDED.action_label,
         action_url = EXCLUDED.action_url, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [name, draft.subject, draft.body, draft.action_label ?? null, draft.action_url ?? null, adminId],
    );
    this.store.invalidate(name);
    return this.get(name);
  }

  async reset(name: string, adminId: string): Promise<EmailTemplate> {
    const definition = definitionOf(name);
    return this.update(name, { subject: definition.subject, body: definition.body, action_label: definition.actionLabel, action_url: definition.actionUrl }, adminId);
  }

  preview(name: string, draft: EmailTemplateUpdate): EmailTemplatePreview {
    const definition = definitionOf(name);
    checkVariables(definition, draft);
    const sample = Object.fromEntries(definition.variables.map((v) => [v.name, definition.sample[v.name] ?? v.name]));
    const rendered = renderStoredTemplate({ subject: draft.subject, body: draft.body, action_label: draft.action_label ?? null, action_url: draft.action_url ?? null }, sample);
    return { ...rendered, sample };
  }
}
