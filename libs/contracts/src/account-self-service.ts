import { z } from 'zod';
import { ACCOUNT_SELF_SERVICE, ACCOUNT_SELF_SERVICE_CODES, ACCOUNT_SELF_SERVICE_MESSAGES } from '@crew/rules';
import { passwordRule } from './auth';
import { PASSWORD_LENGTH } from './password-constants';
import { accountSelfServicePaths } from './paths';
import type { RouteContract } from './routes';
import { safeText } from './text';

/** The password the member types to prove it is them (checked against the account, not against the rule for new passwords). */
const currentPassword = () => safeText().min(1, ACCOUNT_SELF_SERVICE_MESSAGES.passwordRequired).max(PASSWORD_LENGTH.max);

/** PUT /api/users/me/password: the current password and the new one (the rule of registration and reset). */
export const changePasswordRequestSchema = z
  .object({
    current_password: currentPassword(),
    new_password: passwordRule,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Every other session is signed out: this one goes on with the fresh token. */
export const changePasswordResponseSchema = z
  .object({
    message: z.string(),
    /** A fresh session token for this browser: the one it sent no longer works. */
    access_token: z.string(),
  })
  .meta({ id: 'ChangePasswordResponse' });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/**
 * DELETE /api/users/me: the password, and the code of the authenticator app
 * when two-factor sign-in is on for the account.
 */
export const deleteAccountRequestSchema = z
  .object({
    password: currentPassword(),
    code: safeText().trim().max(ACCOUNT_SELF_SERVICE.secondFactorCodeMax).optional(),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z
  .object({
    message: z.string(),
    /** Whether the confirmation mail reached the mail server (the account is erased either way). */
    confirmation_mailed: z.boolean(),
    /** How many of each were erased with the account. */
    deleted_records: z.object({ applications: z.number().int(), voyages: z.number().int(), boats: z.number().int(), support_tickets: z.number().int() }),
  })
  .meta({ id: 'DeleteAccountResponse' });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** One record of the export: the columns the site keeps, by name. */
const exportRecord = z.record(z.string(), z.unknown());

/** GET /api/users/me/export: everything the site holds about the member, one JSON file. */
export const memberExportSchema = z
  .object({
    format: z.literal('crew-finder-member-export'),
    version: z.literal(1),
    exported_at: z.string(),
    profile: exportRecord,
    boats: z.array(exportRecord),
    voyages_skippered: z.array(exportRecord),
    applications: z.array(exportRecord),
    crew_agreements: z.array(exportRecord),
    float_plans_filed: z.array(exportRecord),
    float_plan_contacts: z.array(exportRecord),
    messages_sent: z.array(exportRecord),
    reviews_written: z.array(exportRecord),
    reviews_received: z.array(exportRecord),
    support_tickets: z.array(exportRecord),
    support_ticket_replies: z.array(exportRecord),
    subscription: exportRecord.nullable(),
    mail_preferences: exportRecord.nullable(),
    blocked_members: z.array(exportRecord),
    saved_searches: z.array(exportRecord),
    watched_voyages: z.array(exportRecord),
    /** Whether a calendar feed is on and since when (never its token). */
    calendar_feed: exportRecord.nullable(),
  })
  .meta({ id: 'MemberExport' });
export type MemberExport = z.infer<typeof memberExportSchema>;

export const accountSelfServiceRoutes = {
  changePassword: {
    method: 'PUT',
    path: accountSelfServicePaths.password,
    summary:
      'Change the password with the current one: every other session and message stream of the account ends, the answer carries a fresh token for this one, and a security mail tells the owner. Wrong passwords are throttled like sign-in',
    tag: 'profile',
    auth: 'user',
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
    errors: [403, 429],
    errorCodes: {
      400: [ACCOUNT_SELF_SERVICE_CODES.samePassword],
      403: [ACCOUNT_SELF_SERVICE_CODES.wrongPassword],
      429: [ACCOUNT_SELF_SERVICE_CODES.tooManyAttempts],
    },
  },
  deleteAccount: {
    method: 'DELETE',
    path: accountSelfServicePaths.me,
    summary:
      "Delete the signed-in member's own account with their password (and authenticator code when two-factor sign-in is on): the subscription is cancelled at the payment provider, the account is erased as an administrator's deletion erases it, every session ends, and a confirmation goes to the address it had",
    tag: 'profile',
    auth: 'user',
    body: deleteAccountRequestSchema,
    response: deleteAccountResponseSchema,
    errors: [403, 409, 429, 503],
    errorCodes: {
      403: [ACCOUNT_SELF_SERVICE_CODES.wrongPassword, ACCOUNT_SELF_SERVICE_CODES.secondFactorRequired, ACCOUNT_SELF_SERVICE_CODES.wrongSecondFactor],
      409: [ACCOUNT_SELF_SERVICE_CODES.adminAccount, ACCOUNT_SELF_SERVICE_CODES.activeCrew],
      429: [ACCOUNT_SELF_SERVICE_CODES.tooManyAttempts],
      503: ['PAYMENTS_NOT_CONFIGURED', 'PAYMENTS_UNAVAILABLE'],
    },
  },
  exportMyData: {
    method: 'GET',
    path: accountSelfServicePaths.export,
    summary: `Everything the site holds about the signed-in member as one JSON file (an attachment, streamed); ${ACCOUNT_SELF_SERVICE.exportsPerHour} downloads an hour`,
    tag: 'profile',
    auth: 'user',
    response: memberExportSchema,
    errors: [429],
    errorCodes: { 429: [ACCOUNT_SELF_SERVICE_CODES.tooManyExports] },
    responseHeaders: {
      'Content-Disposition': { description: 'attachment; filename="crew-finder-data-<date>.json"', required: true },
    },
  },
} as const satisfies Record<string, RouteContract>;
