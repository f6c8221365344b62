import { applyDecorators, createParamDecorator, Inject, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES } from '@crew/contracts';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { ApiError } from '../http/api-error';
import { DATA_SOURCE, TOKEN_SERVICE } from '../tokens';
import type { TokenService } from './token.service';

const ADMIN_ONLY = 'auth:admin-only';

/** What authentication reads of an account (the accounts context's `User` entity has these and more). */
export interface SignedInMember {
  readonly id: string;
  readonly tokenVersion: number;
  readonly isAdmin: boolean;
  /** When two-step sign-in was turned on (null: off): administrators without it are kept out of the administrator routes. */
  readonly twoFactorEnabledAt?: Date | null;
}

/** The accounts context's entity of the `users` table, named rather than imported: the platform knows no context. */
const ACCOUNT_ENTITY = 'users';

type AuthenticatedRequest = FastifyRequest & { user?: SignedInMember };

/** Resolves the bearer token to a current user; refuses missing, expired or revoked tokens. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in to continue');
    const user = await userOfToken(this.tokens, this.dataSource, token);
    if (!user) throw new ApiError(401, 'INVALID_TOKEN', 'Your session has expired. Please log in again.');
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, [context.getHandler(), context.getClass()]);
    if (adminOnly && !user.isAdmin) throw new ApiError(403, 'FORBIDDEN', 'Administrator access required');
    // An administrator signs in without it once (to set it up), but the administrator routes wait until it is on.
    if (adminOnly && !user.twoFactorEnabledAt) throw new ApiError(403, TWO_FACTOR_CODES.setupRequired, TWO_FACTOR_MESSAGES.setupRequired);
    request.user = user;
    return true;
  }
}

/** The user a bearer token names, or null when it is invalid, expired or revoked. */
async function userOfToken(tokens: TokenService, dataSource: DataSource, token: string): Promise<SignedInMember | null> {
  const claims = tokens.verify(token);
  if (!claims) return null;
  const user = (await dataSource.getRepository(ACCOUNT_ENTITY).findOneBy({ id: claims.sub })) as SignedInMember | null;
  return user && user.tokenVersion === claims.ver ? user : null;
}

/**
 * For public routes that show more to a signed-in user (their drafts, owner
 * actions): a valid token sets the user, anything else reads as a guest, so
 * a stale token never turns a public page into a 401.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (token) request.user = (await userOfToken(this.tokens, this.dataSource, token)) ?? undefined;
    return true;
  }
}

export const Authenticated = (): MethodDecorator & ClassDecorator => applyDecorators(UseGuards(AuthGuard));
export const AdminOnly = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(ADMIN_ONLY, true), UseGuards(AuthGuard));

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInMember => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in to continue');
  return user;
});

export const OptionalAuth = (): MethodDecorator & ClassDecorator => applyDecorators(UseGuards(OptionalAuthGuard));

/** The signed-in user on an OptionalAuth route, or null for a guest. */
export const ViewerUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SignedInMember | null => context.switchToHttp().getRequest<AuthenticatedRequest>().user ?? null,
);
