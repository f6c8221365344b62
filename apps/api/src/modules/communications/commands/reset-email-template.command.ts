import type { EmailTemplate } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { definitionOf } from '../email-template-read-model';
import { saveEmailTemplate } from './update-email-template.command';

export class ResetEmailTemplate {
  constructor(
    readonly name: string,
    readonly adminId: string,
  ) {}
}

/** Puts a template back to the text the product ships with. */
@CommandHandler(ResetEmailTemplate)
export class ResetEmailTemplateHandler implements ICommandHandler<ResetEmailTemplate, EmailTemplate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ name, adminId }: ResetEmailTemplate): Promise<EmailTemplate> {
    const definition = definitionOf(name);
    return saveEmailTemplate(
      this.platform.dataSource,
      this.platform.templates,
      name,
      { subject: definition.subject, body: definition.body, action_label: definition.actionLabel, action_url: definition.actionUrl },
      adminId,
    );
  }
}
