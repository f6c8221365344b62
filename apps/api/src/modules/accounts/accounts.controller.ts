import {
  routes,
  type ConfirmEmailChangeResponse,
  type EmailChangeTokenRequest,
  type EmailRequest,
  type LoginRequest,
  type LoginResponse,
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
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { ACCOUNTS_DEPS, type AccountsDeps } from './accounts-deps';
import { confirmEmailChange, undoEmailChange } from './commands/email-change.commands';
import { registerUser } from './commands/register-user.command';
import { requestPasswordReset } from './commands/request-password-reset.command';
import { resendVerification } from './commands/resend-verification.command';
import { resetPassword } from './commands/reset-password.command';
import { consumeSignInLink } from './commands/consume-sign-in-link.command';
import { requestSignInLink } from './commands/request-sign-in-link.command';
import { SignInThrottledError, signIn } from './commands/sign-in.command';
import { verifyEmail } from './commands/verify-email.command';
import { verifyResetToken } from './queries/verify-reset-token.query';
import type { User } from './user.entity';
import { toUserResponse } from './user.mapper';

/** Authentication: thin handlers over one function per command or query. */
@Controller()
export class AccountsController {
  constructor(@Inject(ACCOUNTS_DEPS) private readonly deps: AccountsDeps) {}

  @Post('api/auth/login')
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(routes.login.body)) body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResponse> {
    try {
      return await signIn(this.deps, body, request.ip);
    } catch (error) {
      if (error instanceof SignInThrottledError) void reply.header('retry-after', String(error.retryAfterS));
      throw error;
    }
  }

  @Post('api/auth/sign-in-link')
  @HttpCode(200)
  requestSignInLink(@Body(new ZodValidationPipe(routes.requestSignInLink.body)) body: SignInLinkRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return requestSignInLink(this.deps, body.email, request.ip, body.next);
  }

  @Post('api/auth/sign-in-link/consume')
  @HttpCode(200)
  consumeSignInLink(@Body(new ZodValidationPipe(routes.consumeSignInLink.body)) body: ConsumeSignInLinkRequest): Promise<LoginResponse> {
    return consumeSignInLink(this.deps, body.token);
  }

  @Post('api/auth/register')
  @HttpCode(201)
  register(@Body(new ZodValidationPipe(routes.register.body)) body: RegisterRequest): Promise<RegisterResponse> {
    return registerUser(this.deps, body);
  }

  @Get('api/auth/me')
  @Authenticated()
  me(@CurrentUser() user: User): UserResponse {
    return toUserResponse(user);
  }

  @Get(['api/auth/verify-email', 'auth/verify-email'])
  verifyEmail(@Query(new ZodValidationPipe(routes.verifyEmail.query)) query: { token: string }): Promise<VerifyEmailResponse> {
    return verifyEmail(this.deps, query.token);
  }

  @Post(['api/auth/resend-verification', 'auth/resend-verification'])
  @HttpCode(200)
  resendVerification(@Body(new ZodValidationPipe(routes.resendVerification.body)) body: EmailRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return resendVerification(this.deps, body.email, request.ip);
  }

  @Post('api/auth/forgot-password')
  @HttpCode(200)
  forgotPassword(@Body(new ZodValidationPipe(routes.forgotPassword.body)) body: EmailRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return requestPasswordReset(this.deps, body.email, request.ip);
  }

  @Post('api/auth/verify-reset-token')
  @HttpCode(200)
  verifyResetToken(@Body(new ZodValidationPipe(routes.verifyResetToken.body)) body: { token: string }): Promise<VerifyResetTokenResponse> {
    return verifyResetToken(this.deps, body.token);
  }

  @Post('api/auth/reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodValidationPipe(routes.resetPassword.body)) body: ResetPasswordRequest): Promise<MessageResponse> {
    return resetPassword(this.deps, body);
  }

  @Post('api/auth/confirm-email-change')
  @HttpCode(200)
  confirmEmailChange(@Body(new ZodValidationPipe(routes.confirmEmailChange.body)) body: EmailChangeTokenRequest): Promise<ConfirmEmailChangeResponse> {
    return confirmEmailChange(this.deps, body.token);
  }

  @Post('api/auth/undo-email-change')
  @HttpCode(200)
  undoEmailChange(@Body(new ZodValidationPipe(routes.undoEmailChange.body)) body: EmailChangeTokenRequest): Promise<UndoEmailChangeResponse> {
    return undoEmailChange(this.deps, body.token);
  }
}
