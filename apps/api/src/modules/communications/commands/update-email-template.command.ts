import { SOURCE_LOCALE, type EmailTemplate, type EmailTemplateUpdate, type Locale } from '@crew/contracts';
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
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/** Stores a template's text in one language and drops this process's cached copies (others reload within 5 s). */
export async function saveEmailTemplate(
  dataSource: DataSource,
  store: TemplateStore,
  name: string,
  draft: EmailTemplateUpdate,
  adminId: string,
  locale: Locale = SOURCE_LOCALE,
): Promise<EmailTemplate> {
  await dataSource.query(
    `INSERT INTO email_templates (name, locale, subject, body, action_label, action_url, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
     ON CONFLICT (name, locale) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, action_label = EXCLUDED.action_label,
       action_url = EXCLUDED.action_url, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [name, locale, draft.subject, draft.body, draft.action_label ?? null, draft.action_url ?? null, adminId],
  );
  store.invalidate(name);
  return loadEmailTemplate(dataSource, name, locale);
}

/**
 * An administrator edits a template's version in one language: only the
 * variables it accepts (422 `UNKNOWN_VARIABLE` otherwise); the next mail to
 * a member of that language says the new text.
 */
@CommandHandler(UpdateEmailTemplate)
export class UpdateEmailTemplateHandler implements ICommandHandler<UpdateEmailTemplate, EmailTemplate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ name, draft, adminId, locale }: UpdateEmailTemplate): Promise<EmailTemplate> {
    checkVariables(definitionOf(name), draft);
    return saveEmailTemplate(this.platform.dataSource, this.platform.templates, name, draft, adminId, locale);
  }
}
