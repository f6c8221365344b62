import {
  reviewRoutes,
  type CreateReviewRequest,
  type HiddenReviewResponse,
  type HideReviewRequest,
  type MyVoyageReviewsResponse,
  type ReportReviewRequest,
  type ReviewActionResponse,
  type ReviewReportResponse,
  type ReviewsToWriteResponse,
  type UpdateReviewRequest,
  type UserReviewsResponse,
  type UserVoyagesResponse,
} from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly, Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { awaitAdminWrite } from '../admin/admin-audit-log';
import { CreateReview } from './commands/create-review.command';
import { HideReview, type HideReviewResult } from './commands/hide-review.command';
import { ReportReview } from './commands/report-review.command';
import { UpdateReview } from './commands/update-review.command';
import { GetMyVoyageReviews } from './queries/get-my-voyage-reviews.query';
import { GetReviewsToWrite } from './queries/get-reviews-to-write.query';
import { GetUserReviews } from './queries/get-user-reviews.query';
import { GetUserVoyages } from './queries/get-user-voyages.query';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** Reviews between the skipper and crew of a completed voyage, and what profiles show of them. */
@Controller('api')
export class ReviewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('voyages/:id/reviews')
  @Authenticated()
  async create(
    @Param('id') voyageId: string,
    @Body(new ZodValidationPipe(reviewRoutes.createReview.body)) body: Parsed<CreateReviewRequest>,
    @CurrentUser() user: User,
  ): Promise<ReviewActionResponse> {
    const review = await this.commands.execute(new CreateReview(voyageId, user.id, body.reviewee_id, body.rating, body.text));
    return {
      message: review.visible
        ? 'Thank you! Both of you have now reviewed each other, so both reviews are shown.'
        : 'Thank you! Your review will be shown once the other side has reviewed you too, or after 14 days.',
      review,
    };
  }

  @Get('voyages/:id/reviews/mine')
  @Authenticated()
  mine(@Param('id') voyageId: string, @CurrentUser() user: User): Promise<MyVoyageReviewsResponse> {
    return this.queries.execute(new GetMyVoyageReviews(voyageId, user.id));
  }

  /** The dashboard's "Reviews to write". */
  @Get('reviews/to-write')
  @Authenticated()
  toWrite(@CurrentUser() user: User): Promise<ReviewsToWriteResponse> {
    return this.queries.execute(new GetReviewsToWrite(user.id));
  }

  @Put('reviews/:id')
  @Authenticated()
  async update(
    @Param('id') reviewId: string,
    @Body(new ZodValidationPipe(reviewRoutes.updateReview.body)) body: Parsed<UpdateReviewRequest>,
    @CurrentUser() user: User,
  ): Promise<ReviewActionResponse> {
    const review = await this.commands.execute(new UpdateReview(reviewId, user.id, body.rating, body.text));
    return { message: 'Your review has been updated.', review };
  }

  @Post('reviews/:id/report')
  @Authenticated()
  async report(
    @Param('id') reviewId: string,
    @Body(new ZodValidationPipe(reviewRoutes.reportReview.body)) body: Parsed<ReportReviewRequest>,
    @CurrentUser() user: User,
  ): Promise<ReviewReportResponse> {
    const { reportId } = await this.commands.execute<ReportReview, { reportId: string }>(new ReportReview(reviewId, user.id, body.reason));
    return { message: 'Thank you. The Crew Finder team will look at this review.', report_id: reportId };
  }

  @Get('users/:id/reviews')
  userReviews(@Param('id') userId: string, @Query(new ZodValidationPipe(reviewRoutes.userReviews.query)) query: { page: number }): Promise<UserReviewsResponse> {
    return this.queries.execute(new GetUserReviews(userId, query.page));
  }

  @Get('users/:id/voyages')
  userVoyages(@Param('id') userId: string): Promise<UserVoyagesResponse> {
    return this.queries.execute(new GetUserVoyages(userId));
  }
}

/** Moderation of reviews by administrators. */
@Controller('api/admin/reviews')
@AdminOnly()
export class AdminReviewsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  /** Hides a review; answers once the admin history shows it (as every admin action does). */
  @Post(':id/hide')
  @HttpCode(200)
  async hide(
    @Param('id') reviewId: string,
    @Body(new ZodValidationPipe(reviewRoutes.hideReview.body)) body: Parsed<HideReviewRequest>,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<HiddenReviewResponse> {
    const { response, written } = await this.commands.execute<HideReview, HideReviewResult>(new HideReview(reviewId, body.reason, commandMetadataOf(admin, request)));
    await awaitAdminWrite(this.progress, written, ['admin-audit']);
    return response;
  }
}
