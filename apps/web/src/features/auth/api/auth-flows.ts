import type {
  ConfirmEmailChangeResponse,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SignInLinkRequest,
  UndoEmailChangeResponse,
  VerifyEmailResponse,
  VerifyResetTokenResponse,
} from '@crew/contracts';
import { isSafeNextPath } from '@crew/contracts/constants';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/session';
import { tokenStore } from '../../../lib/token-store';

/** Stores a session the server handed out (after registration without verification, or on verifying). */
function useStartSession() {
  const queryClient = useQueryClient();
  return (session: { access_token?: string | undefined; user?: VerifyEmailResponse['user'] | undefined }) => {
    if (!session.access_token || !session.user) return;
    queryClient.setQueryData(meQueryOptions().queryKey, session.user);
    tokenStore.set(session.access_token);
  };
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiRequest<RegisterResponse>(apiPaths.register, { method: 'POST', body, schema: lazySchema((contracts) => contracts.registerResponseSchema) }),
    onSuccess: startSession,
  });
}

/** One request per token: the link works once, so StrictMode's double effect must not spend it twice. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token] as const,
    queryFn: () => apiRequest<VerifyEmailResponse>(`${apiPaths.verifyEmail}?token=${encodeURIComponent(token)}`, { schema: lazySchema((contracts) => contracts.verifyEmailResponseSchema) }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export { useStartSession };

export const useResendVerification = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<MessageResponse>(apiPaths.resendVerification, { method: 'POST', body: { email }, schema: lazySchema((contracts) => contracts.messageResponseSchema) }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) => apiRequest<MessageResponse>(apiPaths.forgotPassword, { method: 'POST', body: { email }, schema: lazySchema((contracts) => contracts.messageResponseSchema) }),
  });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token] as const,
    queryFn: () =>
      apiRequest<VerifyResetTokenResponse>(apiPaths.verifyResetToken, { method: 'POST', body: { token }, schema: lazySchema((contracts) => contracts.verifyResetTokenResponseSchema) }),
    retry: false,
    staleTime: Infinity,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<MessageResponse>(apiPaths.resetPassword, { method: 'POST', body, schema: lazySchema((contracts) => contracts.messageResponseSchema) }),
  });

/**
 * Asks for a one-time sign-in link (the way in while password sign-in is
 * throttled); `next`, the page the member was going to, rides on the link
 * when it is a path of this site.
 */
export const useRequestSignInLink = () =>
  useMutation({
    mutationFn: ({ email, next }: { email: string; next?: string | undefined }) =>
      apiRequest<MessageResponse>(apiPaths.requestSignInLink, {
        method: 'POST',
        body: { email, ...(isSafeNextPath(next) ? { next } : {}) } satisfies SignInLinkRequest,
        schema: lazySchema((contracts) => contracts.messageResponseSchema),
      }),
  });

/** One request per token: the link works once, so StrictMode's double effect must not spend it twice. */
export const signInLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'sign-in-link', token] as const,
    queryFn: () =>
      apiRequest<LoginResponse>(apiPaths.consumeSignInLink, { method: 'POST', body: { token }, schema: lazySchema((contracts) => contracts.loginResponseSchema) }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** Opens the link mailed to a new address: the account switches to it. One request per token (the link works once). */
export const confirmEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'confirm-email-change', token] as const,
    queryFn: () =>
      apiRequest<ConfirmEmailChangeResponse>(apiPaths.confirmEmailChange, { method: 'POST', body: { token }, schema: lazySchema((contracts) => contracts.confirmEmailChangeResponseSchema) }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** Opens the undo link mailed to the old address: the change is undone and every session ends. One request per token. */
export const undoEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'undo-email-change', token] as const,
    queryFn: () =>
      apiRequest<UndoEmailChangeResponse>(apiPaths.undoEmailChange, { method: 'POST', body: { token }, schema: lazySchema((contracts) => contracts.undoEmailChangeResponseSchema) }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
