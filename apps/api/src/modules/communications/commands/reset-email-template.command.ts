import { SOURCE_LOCALE, type EmailTemplate, type Locale } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { shippedVersion } from '../../../platform/mail/template-definitions';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { definitionOf, loadEmailTemplate } from '../email-template-read-model';

export class ResetEmailTemplate {
  constructor(
    readonly name: string,
    readonly adminId: string,
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/**
 * Puts a template's version in one language back to the text the product
 * ships with in that language; it follows the shipped text from then on, as
 * if never edited (a corrected translation reaches it). A language the
 * product has no translation of is left without a version of its own: its
 * members get the English one.
 */
@CommandHandler(ResetEmailTemplate)
export class ResetEmailTemplateHandler implements ICommandHandler<ResetEmailTemplate, EmailTemplate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ name, locale }: ResetEmailTemplate): Promise<EmailTemplate> {
    const definition = definitionOf(name);
    const shipped = shippedVersion(definition, locale);
    const { dataSource, templates } = this.platform;
    if (shipped) {
      await dataSource.query(
        `INSERT INTO email_templates (name, locale, subject, body, action_label, action_url, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL)
         ON CONFLICT (name, locale) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, action_label = EXCLUDED.action_label,
           action_url = EXCLUDED.action_url, updated_at = NULL, updated_by = NULL`,
        [name, locale, shipped.subject, shipped.body, shipped.action_label, shipped.action_url],
      );
    } else {
      await dataSource.query('DELETE FROM email_templates WHERE name = $1 AND locale = $2', [name, locale]);
    }
    templates.invalidate(name);
    return loadEmailTemplate(dataSource, name, locale);
  }
}
