import type { MailPreferences } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class UpdateMailPreferences {
  constructor(
    readonly userId: string,
    readonly preferences: MailPreferences,
  ) {}
}

/** A member turns campaign ("news") mail on or off in their profile. */
@CommandHandler(UpdateMailPreferences)
export class UpdateMailPreferencesHandler implements ICommandHandler<UpdateMailPreferences, MailPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, preferences }: UpdateMailPreferences): Promise<MailPreferences> {
    await this.dataSource.query(
      `INSERT INTO mail_preferences (user_id, marketing, unsubscribed_at) VALUES ($1, $2, CASE WHEN $2 THEN NULL ELSE now() END)
       ON CONFLICT (user_id) DO UPDATE SET marketing = EXCLUDED.marketing, unsubscribed_at = EXCLUDED.unsubscribed_at, updated_at = now()`,
      [userId, preferences.marketing],
    );
    return { marketing: preferences.marketing };
  }
}
