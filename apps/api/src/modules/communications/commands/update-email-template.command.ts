import type { EmailTemplate, EmailTemplateUpdate } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { TemplateStore } from '../../../platform/mail/stored-templates';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { checkVariables, definitionOf, loadEmailTemplate } from '../email-template-read-model';

export class UpdateEmailTemplate {
  constructor(
    readonly name: string,
    readonly draft: EmailTemplateUpdate,
    readonly adminId: string,
  ) {}
}

/** Stores a template's text and drops this process's cached copy (others reload within 5 s). */
export async function saveEmailTemplate(dataSource: DataSource, store: TemplateStore, name: string, draft: EmailTemplateUpdate, adminId: string): Promise<EmailTemplate> {
  await dataSource.query(
    `INSERT INTO email_templates (name, subject, body, action_label, action_url, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT (name) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, action_label = EXCLUDED.action_label,
       action_url = EXCLUDED.action_url, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [name, draft.subject, draft.body, draft.action_label ?? null, draft.action_url ?? null, adminId],
  );
  store.invalidate(name);
  return loadEmailTemplate(dataSource, name);
}

/**
 * An administrator edits a template: only the variables it accepts (422
 * `UNKNOWN_VARIABLE` otherwise); the next mail says the new text.
 */
@CommandHandler(UpdateEmailTemplate)
export class UpdateEmailTemplateHandler implements ICommandHandler<UpdateEmailTemplate, EmailTemplate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ name, draft, adminId }: UpdateEmailTemplate): Promise<EmailTemplate> {
    checkVariables(definitionOf(name), draft);
    return saveEmailTemplate(this.platform.dataSource, this.platform.templates, name, draft, adminId);
  }
}
