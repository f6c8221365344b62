import { isSafeNextPath } from '@crew/contracts/constants';
import { apiPaths, twoFactorPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/session';
import { tokenStore } from '../lib/token-store';
import { apiKey, callApi, type ApiBody, type ApiResponse } from './contract-client';

/*
 * Signing in, registering and the emailed links. The sign-in and registration
 * pages are first visits: this module imports no schema (the answers are
 * checked with the contracts chunk, loaded while the request is in flight).
 */

type SignedIn = ApiResponse<'POST', typeof twoFactorPaths.verify>;
/** What a password sign-in or a sign-in link answers: a session, or the code step of two-step sign-in. */
export type SignInAnswer = ApiResponse<'POST', typeof apiPaths.login>;
export type TwoFactorStep = Extract<SignInAnswer, { two_factor_required: true }>;

/** The answer asks for the code step (the account has two-step sign-in on). */
export const isTwoFactorStep = (answer: SignInAnswer): answer is TwoFactorStep => 'two_factor_required' in answer && answer.two_factor_required === true;

/** Stores a session the server handed out (signing in, registering without verification, verifying, a sign-in link). */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: { access_token?: string | undefined; user?: SignedIn['user'] | undefined } | TwoFactorStep) => {
    if (!('access_token' in session) || !session.access_token || !session.user) return;
    queryClient.setQueryData(meQueryOptions().queryKey, session.user);
    tokenStore.set(session.access_token);
  };
}

/** POST /api/auth/login: email and password; the answer is the session. */
export const login = (body: ApiBody<'POST', typeof apiPaths.login>) => callApi('POST', apiPaths.login, { body });

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}

/** POST /api/auth/2fa/verify: the code step of a sign-in (the challenge and a code); the answer is the session. */
export const verifyTwoFactor = (body: ApiBody<'POST', typeof twoFactorPaths.verify>) => callApi('POST', twoFactorPaths.verify, { body });

export function useVerifyTwoFactor() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: verifyTwoFactor, onSuccess: startSession });
}

/** POST /api/auth/2fa/setup: a new authenticator secret and its otpauth URL (shown once). */
export const setUpTwoFactor = () => callApi('POST', twoFactorPaths.setup);
export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });

/**
 * POST /api/auth/2fa/enable: turns two-step sign-in on with a code; the recovery
 * codes (shown once). The signed-in user is read again only when the screen
 * showing the codes is left (`useReloadMe`), so they stay on screen until then.
 */
export const enableTwoFactor = (code: string) => callApi('POST', twoFactorPaths.enable, { body: { code } });
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

/** Reads the signed-in user again (after turning two-step sign-in on). */
export function useReloadMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
}

/** POST /api/auth/register: the new account; signed in at once only when no verification is required. */
export const register = (body: ApiBody<'POST', typeof apiPaths.register>) => callApi('POST', apiPaths.register, { body });

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}

/*
 * An emailed link works once: its query is read once per token, never again
 * (no retry, kept for the page's life) and without React Query's abort signal,
 * so StrictMode's double effect cannot cancel the first request and spend the
 * token with a second. The key is the route's, with the token as its query.
 */
const ONCE = { staleTime: Infinity, gcTime: Infinity, retry: false } as const;

/** GET /api/auth/verify-email?token=: verifies the address and signs the user in. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: apiKey(apiPaths.verifyEmail, null, { token }),
    queryFn: () => callApi('GET', apiPaths.verifyEmail, { query: { token } }),
    ...ONCE,
  });

/** POST /api/auth/resend-verification: the same answer whether or not the account exists. */
export const resendVerification = (email: string) => callApi('POST', apiPaths.resendVerification, { body: { email } });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export const forgotPassword = (email: string) => callApi('POST', apiPaths.forgotPassword, { body: { email } });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** POST /api/auth/verify-reset-token: whether a reset link still works, read once before the form shows (it spends nothing). */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: apiKey(apiPaths.verifyResetToken, null, { token }),
    queryFn: () => callApi('POST', apiPaths.verifyResetToken, { body: { token } }),
    retry: false,
    staleTime: Infinity,
  });

/** POST /api/auth/reset-password: a new password with the reset token; every session ends. */
export const resetPassword = (body: ApiBody<'POST', typeof apiPaths.resetPassword>) => callApi('POST', apiPaths.resetPassword, { body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/**
 * POST /api/auth/sign-in-link: a one-time sign-in link (the way in while
 * password sign-in is throttled); `next`, the page the member was going to,
 * rides on the link when it is a path of this site.
 */
export const requestSignInLink = ({ email, next }: { email: string; next?: string | undefined }) =>
  callApi('POST', apiPaths.requestSignInLink, { body: { email, ...(isSafeNextPath(next) ? { next } : {}) } });
export const useRequestSignInLink = () => useMutation({ mutationFn: requestSignInLink });

/** POST /api/auth/sign-in-link/consume: signs in with the link's token (once). */
export const signInLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: apiKey(apiPaths.consumeSignInLink, null, { token }),
    queryFn: () => callApi('POST', apiPaths.consumeSignInLink, { body: { token } }),
    ...ONCE,
  });

/** POST /api/auth/confirm-email-change: the link mailed to a new address switches the account to it (once). */
export const confirmEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: apiKey(apiPaths.confirmEmailChange, null, { token }),
    queryFn: () => callApi('POST', apiPaths.confirmEmailChange, { body: { token } }),
    ...ONCE,
  });

/** POST /api/auth/undo-email-change: the undo link mailed to the old address; the change is undone and every session ends (once). */
export const undoEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: apiKey(apiPaths.undoEmailChange, null, { token }),
    queryFn: () => callApi('POST', apiPaths.undoEmailChange, { body: { token } }),
    ...ONCE,
  });
