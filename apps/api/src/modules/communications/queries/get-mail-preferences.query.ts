import type { MailPreferences } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetMailPreferences {
  constructor(readonly userId: string) {}
}

/** Whether a member takes campaign mail (yes until they say otherwise). */
@QueryHandler(GetMailPreferences)
export class GetMailPreferencesHandler implements IQueryHandler<GetMailPreferences, MailPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetMailPreferences): Promise<MailPreferences> {
    const [row] = await this.dataSource.query<{ marketing: boolean }[]>('SELECT marketing FROM mail_preferences WHERE user_id = $1', [userId]);
    return { marketing: row?.marketing ?? true };
  }
}
