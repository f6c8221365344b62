import {
  localeFromAcceptLanguage,
  routes,
  SOURCE_LOCALE,
  type ConfirmEmailChangeResponse,
  type EmailChangeTokenRequest,
  type EmailRequest,
  type LoginRequest,
  type LoginResponse,
  type SignInResponse,
  type TwoFactorCodeRequest,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorVerifyRequest,
  type MessageResponse,
  type RegisterRequest,
  type RegisterResponse,
  type ConsumeSignInLinkRequest,
  type ResetPasswordRequest,
  type SignInLinkRequest,
  type UndoEmailChangeResponse,
  type UserResponse,
  type VerifyEmailResponse,
  type VerifyResetTokenResponse,
} from '@crew/contracts';
import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { ConfirmEmailChange } from './commands/confirm-email-change.command';
import { ConsumeSignInLink } from './commands/consume-sign-in-link.command';
import { EnableTwoFactor } from './commands/enable-two-factor.command';
import { RegisterUser } from './commands/register-user.command';
import { RequestPasswordReset } from './commands/request-password-reset.command';
import { RequestSignInLink } from './commands/request-sign-in-link.command';
import { ResendVerification } from './commands/resend-verification.command';
import { ResetPassword } from './commands/reset-password.command';
import { SetUpTwoFactor } from './commands/set-up-two-factor.command';
import { SignIn } from './commands/sign-in.command';
import { UndoEmailChange } from './commands/undo-email-change.command';
import { VerifyEmail } from './commands/verify-email.command';
import { VerifyTwoFactor } from './commands/verify-two-factor.command';
import { VerifyResetToken } from './queries/verify-reset-token.query';
import type { User } from './user.entity';
import { toUserResponse } from './user.mapper';

/** Authentication: each route validates its request and sends one command or query. */
@Controller()
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** A throttled sign-in answers 429 with Retry-After (set from the refusal by the exception filter). */
  @Post('api/auth/login')
  @HttpCode(200)
  login(@Body(new ZodValidationPipe(routes.login.body)) body: LoginRequest, @Req() request: FastifyRequest): Promise<SignInResponse> {
    return this.commands.execute(new SignIn(body, request.ip));
  }

  /** The code step of a sign-in with two-step sign-in on (throttled like the password). */
  @Post('api/auth/2fa/verify')
  @HttpCode(200)
  verifyTwoFactor(@Body(new ZodValidationPipe(routes.twoFactorVerify.body)) body: TwoFactorVerifyRequest, @Req() request: FastifyRequest): Promise<LoginResponse> {
    return this.commands.execute(new VerifyTwoFactor(body.challenge, body.code, request.ip));
  }

  @Post('api/auth/2fa/setup')
  @HttpCode(200)
  @Authenticated()
  setUpTwoFactor(@CurrentUser() user: User): Promise<TwoFactorSetupResponse> {
    return this.commands.execute(new SetUpTwoFactor(user.id, user.email));
  }

  @Post('api/auth/2fa/enable')
  @HttpCode(200)
  @Authenticated()
  enableTwoFactor(
    @Body(new ZodValidationPipe(routes.twoFactorEnable.body)) body: TwoFactorCodeRequest,
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
  ): Promise<TwoFactorEnabledResponse> {
    return this.commands.execute(new EnableTwoFactor(user.id, user.email, body.code, request.ip));
  }

  @Post('api/auth/sign-in-link')
  @HttpCode(200)
  requestSignInLink(@Body(new ZodValidationPipe(routes.requestSignInLink.body)) body: SignInLinkRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return this.commands.execute(new RequestSignInLink(body.email, request.ip, body.next));
  }

  @Post('api/auth/sign-in-link/consume')
  @HttpCode(200)
  consumeSignInLink(@Body(new ZodValidationPipe(routes.consumeSignInLink.body)) body: ConsumeSignInLinkRequest): Promise<SignInResponse> {
    return this.commands.execute(new ConsumeSignInLink(body.token));
  }

  @Post('api/auth/register')
  @HttpCode(201)
  register(@Body(new ZodValidationPipe(routes.register.body)) body: RegisterRequest, @Headers('accept-language') acceptLanguage?: string): Promise<RegisterResponse> {
    // The member's language: the one the page registered in, else the browser's (Accept-Language), else English.
    const locale = body.locale ?? localeFromAcceptLanguage(acceptLanguage) ?? SOURCE_LOCALE;
    return this.commands.execute(new RegisterUser({ ...body, locale }));
  }

  @Get('api/auth/me')
  @Authenticated()
  me(@CurrentUser() user: User): UserResponse {
    return toUserResponse(user);
  }

  @Get(['api/auth/verify-email', 'auth/verify-email'])
  verifyEmail(@Query(new ZodValidationPipe(routes.verifyEmail.query)) query: { token: string }): Promise<VerifyEmailResponse> {
    return this.commands.execute(new VerifyEmail(query.token));
  }

  @Post(['api/auth/resend-verification', 'auth/resend-verification'])
  @HttpCode(200)
  resendVerification(@Body(new ZodValidationPipe(routes.resendVerification.body)) body: EmailRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return this.commands.execute(new ResendVerification(body.email, request.ip));
  }

  @Post('api/auth/forgot-password')
  @HttpCode(200)
  forgotPassword(@Body(new ZodValidationPipe(routes.forgotPassword.body)) body: EmailRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return this.commands.execute(new RequestPasswordReset(body.email, request.ip));
  }

  @Post('api/auth/verify-reset-token')
  @HttpCode(200)
  verifyResetToken(@Body(new ZodValidationPipe(routes.verifyResetToken.body)) body: { token: string }): Promise<VerifyResetTokenResponse> {
    return this.queries.execute(new VerifyResetToken(body.token));
  }

  @Post('api/auth/reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodValidationPipe(routes.resetPassword.body)) body: ResetPasswordRequest): Promise<MessageResponse> {
    return this.commands.execute(new ResetPassword(body));
  }

  @Post('api/auth/confirm-email-change')
  @HttpCode(200)
  confirmEmailChange(@Body(new ZodValidationPipe(routes.confirmEmailChange.body)) body: EmailChangeTokenRequest): Promise<ConfirmEmailChangeResponse> {
    return this.commands.execute(new ConfirmEmailChange(body.token));
  }

  @Post('api/auth/undo-email-change')
  @HttpCode(200)
  undoEmailChange(@Body(new ZodValidationPipe(routes.undoEmailChange.body)) body: EmailChangeTokenRequest): Promise<UndoEmailChangeResponse> {
    return this.commands.execute(new UndoEmailChange(body.token));
  }
}
