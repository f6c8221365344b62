import { SOURCE_LOCALE, type EmailTemplatePreview, type EmailTemplateUpdate, type Locale } from '@crew/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { renderStoredTemplate } from '../../../platform/mail/stored-templates';
import { checkVariables, definitionOf } from '../email-template-read-model';

export class PreviewEmailTemplate {
  constructor(
    readonly name: string,
    readonly draft: EmailTemplateUpdate,
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/** A draft rendered with the template's sample values, as a mail in its language; nothing is stored. */
@QueryHandler(PreviewEmailTemplate)
export class PreviewEmailTemplateHandler implements IQueryHandler<PreviewEmailTemplate, EmailTemplatePreview> {
  execute({ name, draft, locale }: PreviewEmailTemplate): Promise<EmailTemplatePreview> {
    const definition = definitionOf(name);
    checkVariables(definition, draft);
    const sample = Object.fromEntries(definition.variables.map((v) => [v.name, definition.sample[v.name] ?? v.name]));
    const rendered = renderStoredTemplate(
      { subject: draft.subject, body: draft.body, action_label: draft.action_label ?? null, action_url: draft.action_url ?? null },
      sample,
      locale,
    );
    return Promise.resolve({ ...rendered, sample });
  }
}
