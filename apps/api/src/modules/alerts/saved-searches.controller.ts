import {
  INVALID_ALERT_LINK,
  routes,
  type AlertUnsubscribeRequest,
  type SavedSearch,
  type SavedSearchList,
  type savedSearchRequestSchema,
  type savedSearchUpdateSchema,
} from '@crew/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { LinkValidationPipe, ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { CreateSavedSearch } from './commands/create-saved-search.command';
import { DeleteSavedSearch } from './commands/delete-saved-search.command';
import { OpenSavedSearch } from './commands/open-saved-search.command';
import { UnsubscribeAlert } from './commands/unsubscribe-alert.command';
import { UpdateSavedSearch } from './commands/update-saved-search.command';
import { GetSavedSearch } from './queries/get-saved-search.query';
import { ListSavedSearches } from './queries/list-saved-searches.query';

/** A saved search that is not the member's answers 404, as one that never existed. */
const searchId = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Saved searches of the signed-in member, and the signed unsubscribe links of their alert mails. */
@Controller('api/saved-searches')
export class SavedSearchesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated()
  list(@CurrentUser() user: User): Promise<SavedSearchList> {
    return this.queries.execute(new ListSavedSearches(user.id));
  }

  @Post()
  @Authenticated()
  create(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.createSavedSearch.body)) body: z.output<typeof savedSearchRequestSchema>): Promise<SavedSearch> {
    return this.commands.execute(new CreateSavedSearch(user.id, body));
  }

  /** RFC 8058 one-click: a mail client posts `List-Unsubscribe=One-Click` here; the signed pair is in the query, no session. */
  @Post('unsubscribe/one-click')
  @HttpCode(200)
  unsubscribeOneClick(
    @Query(new LinkValidationPipe(routes.unsubscribeAlertOneClick.query, INVALID_ALERT_LINK.code, INVALID_ALERT_LINK.message)) query: AlertUnsubscribeRequest,
  ): Promise<{ message: string }> {
    return this.commands.execute(new UnsubscribeAlert(query.search, query.token));
  }

  @Post('unsubscribe')
  @HttpCode(200)
  unsubscribe(
    @Body(new LinkValidationPipe(routes.unsubscribeAlert.body, INVALID_ALERT_LINK.code, INVALID_ALERT_LINK.message)) body: AlertUnsubscribeRequest,
  ): Promise<{ message: string }> {
    return this.commands.execute(new UnsubscribeAlert(body.search, body.token));
  }

  @Get(':id')
  @Authenticated()
  get(@CurrentUser() user: User, @Param('id', searchId) id: string): Promise<SavedSearch> {
    return this.queries.execute(new GetSavedSearch(user.id, id));
  }

  @Patch(':id')
  @Authenticated()
  update(
    @CurrentUser() user: User,
    @Param('id', searchId) id: string,
    @Body(new ZodValidationPipe(routes.updateSavedSearch.body)) body: z.output<typeof savedSearchUpdateSchema>,
  ): Promise<SavedSearch> {
    return this.commands.execute(new UpdateSavedSearch(user.id, id, body));
  }

  @Delete(':id')
  @Authenticated()
  remove(@CurrentUser() user: User, @Param('id', searchId) id: string): Promise<{ message: string }> {
    return this.commands.execute(new DeleteSavedSearch(user.id, id));
  }

  @Post(':id/open')
  @HttpCode(200)
  @Authenticated()
  open(@CurrentUser() user: User, @Param('id', searchId) id: string): Promise<SavedSearch> {
    return this.commands.execute(new OpenSavedSearch(user.id, id));
  }
}
