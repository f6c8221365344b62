import type { VoyageWatchList, WatchState } from '@crew/contracts';
import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import type { User } from '../accounts/user.entity';
import { UnwatchVoyage } from './commands/unwatch-voyage.command';
import { WatchVoyage } from './commands/watch-voyage.command';
import { GetWatch } from './queries/get-watch.query';
import { ListWatches } from './queries/list-watches.query';

const voyageId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Berth watch: a member asks to hear when a full voyage takes crew again. */
@Controller('api')
export class VoyageWatchController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('users/me/watches')
  @Authenticated()
  list(@CurrentUser() user: User): Promise<VoyageWatchList> {
    return this.queries.execute(new ListWatches(user.id));
  }

  @Get('voyages/:id/watch')
  @Authenticated()
  state(@CurrentUser() user: User, @Param('id', voyageId) id: string): Promise<WatchState> {
    return this.queries.execute(new GetWatch(user.id, id));
  }

  @Post('voyages/:id/watch')
  @HttpCode(200)
  @Authenticated()
  watch(@CurrentUser() user: User, @Param('id', voyageId) id: string): Promise<WatchState> {
    return this.commands.execute(new WatchVoyage(user.id, id));
  }

  @Delete('voyages/:id/watch')
  @Authenticated()
  unwatch(@CurrentUser() user: User, @Param('id', voyageId) id: string): Promise<WatchState> {
    return this.commands.execute(new UnwatchVoyage(user.id, id));
  }
}
