import { sharedText, USER_TYPES } from '@crew/rules';
import { z } from 'zod';
import { isSafeNextPath } from './next-path';
import { EMAIL_MAX, LINK_TOKEN_MAX, PERSON_NAME_MAX } from './form-limits/account';
import { isPatternPassword, PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password-constants';
import { safeText } from './text';
import { crewExpectationsSchema, crewSkillsSchema, emergencyContactSchema, localeSchema, sailingExperienceSchema } from './profile';

export const loginRequestSchema = z
  .object({
    email: safeText().trim().min(1, 'Email is required').email('Please enter a valid email address'),
    password: safeText().min(1, 'Password is required').max(PASSWORD_LENGTH.max),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    user_type: z.enum(USER_TYPES),
    is_admin: z.boolean(),
    email_verified: z.boolean(),
    /** The address an email change waits to switch to: `email` stays the sign-in address until the link mailed here is opened. */
    pending_email: z.string().nullable().optional(),
    created_at: z.string(),
    phone_number: z.string().nullable(),
    profile_photo_url: z.string().nullable(),
    /** The small copy of the profile photo (320 px), for avatars; null without a photo. */
    profile_photo_thumbnail_url: z.string().nullable().optional(),
    phone_verified: z.boolean(),
    identity_verified: z.boolean(),
    /** Two-step sign-in (TOTP) is on; an administrator without it is sent to set it up and kept out of the administrator pages. */
    two_factor_enabled: z.boolean().optional(),
    profile_complete: z.boolean(),
    sailing_experience: sailingExperienceSchema.nullable(),
    emergency_contact: emergencyContactSchema.nullable(),
    crew_skills: crewSkillsSchema.nullable(),
    crew_expectations: crewExpectationsSchema.nullable(),
    /** The member's saved language (mail and signed-in screens); always sent by this API. */
    locale: localeSchema.optional(),
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof userSchema>;

/**
 * The one change of account type there is: a Skipper or a Crew account
 * becomes Skipper & Crew (`both`), keeping everything it has. Nothing else
 * changes an account type (PUT /api/users/me refuses it).
 */
export const ACCOUNT_TYPE_CHANGE = {
  messages: {
    onlyBoth: 'An account can only be switched to Skipper & Crew',
    admin: 'An administrator account does not change its type',
  },
  codes: { fixed: 'ACCOUNT_TYPE_FIXED' },
} as const;
export const changeAccountTypeRequestSchema = z
  .object({ user_type: z.literal('both', { message: ACCOUNT_TYPE_CHANGE.messages.onlyBoth }) })
  .meta({ id: 'ChangeAccountTypeRequest' });
export type ChangeAccountTypeRequest = z.infer<typeof changeAccountTypeRequestSchema>;

export const loginResponseSchema = z.object({ access_token: z.string(), user: userSchema }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const email = safeText().trim().min(1, 'Email is required').email('Please enter a valid email address').max(EMAIL_MAX);
const name = (label: string) =>
  safeText()
    .trim()
    .min(1, sharedText('{label} is required', { label }))
    .max(PERSON_NAME_MAX, sharedText('{label} must be at most {max} characters', { label, max: PERSON_NAME_MAX }));
/** The token of an emailed link. */
const linkToken = () => safeText().min(1, 'Token is required').max(LINK_TOKEN_MAX);

/**
 * The one password rule (at least 6 characters), used by
 * registration, reset and any other place a password is set. The server also
 * refuses the most common passwords, with PASSWORD_MESSAGES.common.
 */
export const passwordRule = safeText()
  .min(PASSWORD_LENGTH.min, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_LENGTH.max, PASSWORD_MESSAGES.tooLong)
  .refine((password) => password.trim().length > 0, PASSWORD_MESSAGES.blank)
  .refine((password) => !isPatternPassword(password), PASSWORD_MESSAGES.pattern);

export const registerRequestSchema = z
  .object({
    first_name: name('First name'),
    last_name: name('Last name'),
    email,
    password: passwordRule,
    user_type: z.enum(['skipper', 'crew', 'both'], { message: 'Please choose an account type' }),
    acceptTerms: z.literal(true, { message: 'Please accept the Terms of Service and Privacy Policy to continue' }),
    /** The language the member registers in (the page's); without it, the request's Accept-Language, else English. */
    locale: localeSchema.optional(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z
  .object({
    message: z.string(),
    email_verification_required: z.boolean(),
    access_token: z.string().optional(),
    user: userSchema.optional(),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const emailRequestSchema = z.object({ email }).meta({ id: 'EmailRequest' });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/**
 * Asking for a sign-in link: the email, and the page of this site to return
 * to once signed in (`next`, a same-site relative path; see isSafeNextPath).
 */
export const signInLinkRequestSchema = z
  .object({
    email,
    next: z.string().refine(isSafeNextPath, 'next must be a path on this site, such as /voyages/123').optional(),
  })
  .meta({ id: 'SignInLinkRequest' });
export type SignInLinkRequest = z.infer<typeof signInLinkRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const tokenQuerySchema = z.object({ token: linkToken() }).meta({ id: 'TokenQuery' });

/** A verification link opened again once the address is verified (409): the page offers sign-in. */
export const EMAIL_ALREADY_VERIFIED = {
  code: 'EMAIL_ALREADY_VERIFIED',
  message: 'This email address is already verified. Sign in to continue.',
} as const;

export const verifyEmailResponseSchema = z.object({ message: z.string(), access_token: z.string(), user: userSchema }).meta({ id: 'VerifyEmailResponse' });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const verifyResetTokenRequestSchema = z.object({ token: linkToken() }).meta({ id: 'VerifyResetTokenRequest' });
export const verifyResetTokenResponseSchema = z.object({ valid: z.boolean(), email: z.string().optional() }).meta({ id: 'VerifyResetTokenResponse' });
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

export const resetPasswordRequestSchema = z.object({ token: linkToken(), password: passwordRule }).meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Forgot-password answers the same whether or not the account exists (no one learns who has an account). */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with this email, a password reset link has been sent.';

/** Sign-in links: the way in for an owner whose password sign-in is throttled. The answer never says whether the account exists. */
export const SIGN_IN_LINK_MESSAGE = 'If an account exists with this email, we have sent a sign-in link. It works once, within 15 minutes.';
export const consumeSignInLinkRequestSchema = z.object({ token: linkToken() }).meta({ id: 'ConsumeSignInLinkRequest' });
export type ConsumeSignInLinkRequest = z.infer<typeof consumeSignInLinkRequestSchema>;

/**
 * Changing the sign-in email (PUT /api/users/me with a new `email`): the
 * current password is needed, and the address changes only when the link
 * mailed to the new address is opened. The old address is told, with a link
 * that undoes the change and signs the account out everywhere.
 */
export const EMAIL_CHANGE_CODES = {
  passwordRequired: 'CURRENT_PASSWORD_REQUIRED',
  wrongPassword: 'WRONG_PASSWORD',
  tooMany: 'TOO_MANY_EMAIL_CHANGES',
} as const;
export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: 'Please enter your current password to change your email address.',
  wrongPassword: 'Your current password is not correct.',
  tooMany: 'You have asked to change your email address too often. Please try again in an hour.',
} as const;

export const confirmEmailChangeRequestSchema = z.object({ token: linkToken() }).meta({ id: 'EmailChangeTokenRequest' });
export type EmailChangeTokenRequest = z.infer<typeof confirmEmailChangeRequestSchema>;

export const confirmEmailChangeResponseSchema = z.object({ message: z.string(), email: z.string() }).meta({ id: 'ConfirmEmailChangeResponse' });
export type ConfirmEmailChangeResponse = z.infer<typeof confirmEmailChangeResponseSchema>;

export const undoEmailChangeResponseSchema = z
  .object({
    message: z.string(),
    /** The sign-in address the account has now (restored when the change had gone through). */
    email: z.string(),
    /** A password reset token (1 hour), so the owner can choose a new password at once. */
    reset_token: z.string(),
  })
  .meta({ id: 'UndoEmailChangeResponse' });
export type UndoEmailChangeResponse = z.infer<typeof undoEmailChangeResponseSchema>;
