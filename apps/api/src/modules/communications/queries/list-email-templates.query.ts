import { SOURCE_LOCALE, type EmailTemplate, type Locale } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { loadEmailTemplates } from '../email-template-read-model';

export class ListEmailTemplates {
  constructor(readonly locale: Locale = SOURCE_LOCALE) {}
}

/** Communications: every template in one language, with its variables, last use and usage count. */
@QueryHandler(ListEmailTemplates)
export class ListEmailTemplatesHandler implements IQueryHandler<ListEmailTemplates, EmailTemplate[]> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ locale }: ListEmailTemplates): Promise<EmailTemplate[]> {
    return loadEmailTemplates(this.dataSource, locale);
  }
}
