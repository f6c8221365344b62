import type { PhotoStore } from '../../platform/uploads/photo-store';
import { routes, type BoatRequest, type BoatResponse, type PhotoResponse } from '@crew/contracts';
import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { readPhoto } from '../../platform/uploads/read-photo';
import { DATA_SOURCE, PHOTO_STORE } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { Boat } from './boat.entity';
import { toBoatResponse } from './boat.mapper';
import { SaveBoat } from './commands/save-boat.command';

const requireSkipperLike = (user: User): void => {
  if (user.userType !== 'skipper' && user.userType !== 'both') throw new ApiError(403, 'SKIPPER_ONLY', 'Only skipper accounts can add boats');
};

/** A skipper's own boats; another user's boat answers 404, as if it did not exist. */
@Controller('api/profile')
export class BoatsController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
    private readonly commands: CommandBus,
  ) {}

  private async ownBoat(user: User, id: string): Promise<Boat> {
    const boat = await this.dataSource.getRepository(Boat).findOneBy({ id, ownerId: user.id });
    if (!boat) throw new ApiError(404, 'BOAT_NOT_FOUND', 'Boat not found');
    return boat;
  }

  @Get('boats')
  @Authenticated()
  async list(@CurrentUser() user: User): Promise<{ boats: BoatResponse[] }> {
    const boats = await this.dataSource.getRepository(Boat).find({ where: { ownerId: user.id }, order: { createdAt: 'ASC' } });
    return { boats: boats.map(toBoatResponse) };
  }

  @Post('boats')
  @Authenticated()
  async create(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.createBoat.body)) body: BoatRequest): Promise<BoatResponse> {
    requireSkipperLike(user);
    return this.commands.execute(new SaveBoat(user.id, null, body));
  }

  @Put('boats/:id')
  @Authenticated()
  async update(
    @CurrentUser() user: User,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body(new ZodValidationPipe(routes.updateBoat.body)) body: BoatRequest,
  ): Promise<BoatResponse> {
    return this.commands.execute(new SaveBoat(user.id, id, body));
  }

  @Post('boats/:id/upload-photo')
  @Authenticated()
  async uploadBoatPhoto(
    @CurrentUser() user: User,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Req() request: FastifyRequest,
  ): Promise<PhotoResponse> {
    await this.ownBoat(user, id);
    const stored = await this.photos.save(await readPhoto(request));
    await this.dataSource.query('UPDATE boats SET boat_photo_url = $2, boat_photo_thumbnail_url = $3, updated_at = now() WHERE id = $1', [
      id,
      stored.photo_url,
      stored.thumbnail_url,
    ]);
    return stored;
  }

  @Post('upload-photo')
  @Authenticated()
  async uploadProfilePhoto(@CurrentUser() user: User, @Req() request: FastifyRequest): Promise<PhotoResponse> {
    const stored = await this.photos.save(await readPhoto(request));
    await this.dataSource.query('UPDATE users SET profile_photo_url = $2, updated_at = now() WHERE id = $1', [user.id, stored.photo_url]);
    return stored;
  }
}
