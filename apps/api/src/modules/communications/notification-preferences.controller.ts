import { routes, type NotificationPreferences, type NotificationPreferencesUpdate } from '@crew/contracts';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { UpdateNotificationPreferences } from './commands/update-notification-preferences.command';
import { GetNotificationPreferences } from './queries/get-notification-preferences.query';

/** The signed-in member's notification preferences: a switch per kind of mail (docs/features/notifications.md). */
@Controller('api/users/me/notifications')
export class NotificationPreferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated()
  preferences(@CurrentUser() user: User): Promise<NotificationPreferences> {
    return this.queries.execute(new GetNotificationPreferences(user.id));
  }

  @Put()
  @Authenticated()
  update(@Body(new ZodValidationPipe(routes.updateNotificationPreferences.body)) body: NotificationPreferencesUpdate, @CurrentUser() user: User): Promise<NotificationPreferences> {
    return this.commands.execute(new UpdateNotificationPreferences(user.id, body));
  }
}
