import { routes, type BoatRequest, type BoatResponse, type PhotoResponse } from '@crew/contracts';
import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { readPhoto } from '../../platform/uploads/read-photo';
import type { User } from '../accounts/user.entity';
import { SaveBoat } from './commands/save-boat.command';
import { SetBoatPhoto } from './commands/set-boat-photo.command';
import { GetMyBoat } from './queries/get-my-boat.query';
import { ListMyBoats } from './queries/list-my-boats.query';

const requireSkipperLike = (user: User): void => {
  if (user.userType !== 'skipper' && user.userType !== 'both') throw new ApiError(403, 'SKIPPER_ONLY', 'Only skipper accounts can add boats');
};

/** A skipper's own boats; another user's boat answers 404, as if it did not exist. */
@Controller('api/profile')
export class BoatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('boats')
  @Authenticated()
  list(@CurrentUser() user: User): Promise<{ boats: BoatResponse[] }> {
    return this.queries.execute(new ListMyBoats(user.id));
  }

  @Post('boats')
  @Authenticated()
  create(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.createBoat.body)) body: BoatRequest): Promise<BoatResponse> {
    requireSkipperLike(user);
    return this.commands.execute(new SaveBoat(user.id, null, body));
  }

  @Put('boats/:id')
  @Authenticated()
  update(
    @CurrentUser() user: User,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body(new ZodValidationPipe(routes.updateBoat.body)) body: BoatRequest,
  ): Promise<BoatResponse> {
    return this.commands.execute(new SaveBoat(user.id, id, body));
  }

  /** Another member's boat is refused before its upload is read. */
  @Post('boats/:id/upload-photo')
  @Authenticated()
  async uploadBoatPhoto(
    @CurrentUser() user: User,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Req() request: FastifyRequest,
  ): Promise<PhotoResponse> {
    await this.queries.execute(new GetMyBoat(user.id, id));
    return this.commands.execute(new SetBoatPhoto(user.id, id, await readPhoto(request)));
  }
}
