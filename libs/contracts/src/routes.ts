import { z } from 'zod';
import { apiPaths } from './paths';
import {
  ACCOUNT_TYPE_CHANGE,
  changeAccountTypeRequestSchema,
  confirmEmailChangeRequestSchema,
  confirmEmailChangeResponseSchema,
  consumeSignInLinkRequestSchema,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_CHANGE_CODES,
  emailRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  signInLinkRequestSchema,
  tokenQuerySchema,
  undoEmailChangeResponseSchema,
  userSchema,
  verifyEmailResponseSchema,
  verifyResetTokenRequestSchema,
  verifyResetTokenResponseSchema,
} from './auth';
import { INVALID_IF_MATCH, PRECONDITION_FAILED, preconditionFailedResponseSchema, projectionUnavailableResponseSchema } from './errors';
import { boatListSchema, boatRequestSchema, boatSchema, photoResponseSchema } from './boats';
import { healthResponseSchema, livenessResponseSchema } from './health';
import {
  crewExpectationsSchema,
  crewSkillsSchema,
  emergencyContactSchema,
  publicProfileSchema,
  sailingExperienceSchema,
  updateMeBodySchema,
  verificationStatusSchema,
} from './profile';
import { publicStatsSchema } from './stats';
import { portSearchQuerySchema, portSearchResponseSchema } from './geo';
import {
  cancelVoyageResponseSchema,
  myVoyagesResponseSchema,
  routeCheckQuerySchema,
  routeCheckResponseSchema,
  voyageListQuerySchema,
  voyageListResponseSchema,
  voyageMapQuerySchema,
  voyageMapResponseSchema,
  voyageRequestSchema,
  voyageSchema,
  voyageUpdateSchema,
} from './voyages';
import { applicationActionResponseSchema, applyRequestSchema, myApplicationsResponseSchema, voyageApplicationsResponseSchema } from './applications';
import {
  accessListChangeRequestSchema,
  accessListsResponseSchema,
  configValueRequestSchema,
  platformConfigResponseSchema,
  rolloutPercentageRequestSchema,
  toggleMonetizationRequestSchema,
} from './platform-config';
import { adminConfigRoutes, adminOverviewResponseSchema, configAsOfQuerySchema, configAsOfResponseSchema, configHistoryPageSchema, configHistoryQuerySchema } from './admin-config';
import { ACCOUNT_SUSPENDED_CODE, adminUserRoutes } from './admin-users';
import { adminVoyageRoutes } from './admin-voyages';
import { subscriptionRequiredSchema, subscriptionRoutes } from './subscription';
import { supportTicketRoutes } from './support-tickets';
import { reviewRoutes } from './reviews';
import { supportDeskRoutes } from './support-desk';
import { notificationRoutes } from './notifications';
import { savedSearchRoutes } from './saved-searches';
import { messagingRoutes } from './messaging';
import { analyticsRoutes } from './analytics';
import { trustRoutes } from './trust';
import { activityRoutes } from './activity';
import { signInResponseSchema, twoFactorRoutes } from './two-factor';
import { phoneVerificationRoutes } from './phone-verification';
import { accountSelfServiceRoutes } from './account-self-service';
import { offlineRoutes } from './offline';
import { calendarRoutes } from './calendar';

/** Error statuses the API answers with (body: `ErrorResponse` unless a route names another). */
export const ERROR_STATUSES = [400, 401, 402, 403, 404, 408, 409, 410, 412, 413, 414, 415, 422, 429, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** A header a route reads or sends, as the OpenAPI document lists it. */
export interface HeaderContract {
  readonly description: string;
  /** Its value (any string when absent). */
  readonly schema?: z.ZodType;
  /** Always sent (a response header) or needed (a request header). */
  readonly required?: boolean;
}

export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: 'public' | 'user' | 'admin';
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
  /** The success status (200 unless the route creates something). */
  readonly status?: 200 | 201;
  /** Error statuses this route's own rules answer with; statusesOf adds those every route of its kind can answer. */
  readonly errors?: readonly ErrorStatus[];
  /** A body other than ErrorResponse for an error status (health's 503 is the health report). */
  readonly errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
  /** Codes this route's own rules answer with at an error status, named in the document beside the status. */
  readonly errorCodes?: Partial<Record<ErrorStatus, readonly string[]>>;
  /** Request headers the route reads. */
  readonly requestHeaders?: Readonly<Record<string, HeaderContract>>;
  /** Headers of the success answer. */
  readonly responseHeaders?: Readonly<Record<string, HeaderContract>>;
  /**
   * The answer shows the change through its read model, after waiting (about
   * 2 s) for it: 503 PROJECTION_FAILED when the read model parked the change,
   * 503 PROJECTION_LAGGING when it has not caught up (the change is saved either way).
   */
  readonly readsOwnWrite?: boolean;
  /** The body is multipart/form-data (a photo), not JSON. */
  readonly multipart?: boolean;
}

/**
 * Every status a route can answer: its success, its own errors, and the ones
 * the platform answers on any route of its kind: 400 for a malformed request
 * or query string (every route), 401 without a valid token, 403 for a
 * non-admin on admin routes, 404 for a path id that names nothing (414 when
 * it is longer than any id), 413 and 415
 * for a body too large or of another type (every POST and PUT), 408 for an
 * upload whose body stopped arriving (multipart routes), 503 when the
 * read model an answer waits for cannot show the change.
 */
export function statusesOf(route: RouteContract): { success: 200 | 201; errors: ErrorStatus[] } {
  const implied: ErrorStatus[] = [400];
  if (route.auth !== 'public') implied.push(401);
  if (route.auth === 'admin') implied.push(403);
  if (route.path.includes('{')) implied.push(404, 414);
  if (route.method === 'POST' || route.method === 'PUT') implied.push(413, 415);
  if (route.multipart) implied.push(408);
  if (route.readsOwnWrite) implied.push(503);
  const errors = new Set<ErrorStatus>([...implied, ...(route.errors ?? [])]);
  return { success: route.status ?? 200, errors: ERROR_STATUSES.filter((status) => errors.has(status)) };
}

/** The body of an error status of a route: its own, the read-your-writes 503, or ErrorResponse (null). */
export function errorBodyOf(route: RouteContract, status: ErrorStatus): z.ZodType | null {
  return route.errorBodies?.[status] ?? (status === 503 && route.readsOwnWrite ? projectionUnavailableResponseSchema : null);
}

/** The ETag of a voyage answer: its stream revision, quoted. */
const voyageEtag = {
  ETag: {
    description:
      'The revision of the voyage shown, quoted ("12"). Send it back in If-Match to change the voyage only if nobody changed it since. Absent while the read model does not know the revision yet.',
    schema: z.string().regex(/^"\d{1,19}"$/),
  },
} as const satisfies Record<string, HeaderContract>;

/** If-Match on voyage changes: the ETag the change was made on. */
const voyageIfMatch = {
  'If-Match': {
    description: `The voyage's ETag as loaded (a list of them, or W/ tags, also work). When the voyage has moved on since: 412 ${PRECONDITION_FAILED}, nothing changed. Absent or \`*\`: no check. Neither \`*\` nor quoted tags: 400 ${INVALID_IF_MATCH}.`,
  },
} as const satisfies Record<string, HeaderContract>;

/** A change refused because If-Match names a revision that is no longer current. */
const staleRevision = { 412: preconditionFailedResponseSchema } as const;

/**
 * Every API route with the schemas that validate it. The API validates
 * requests with these schemas and the OpenAPI document is generated from them,
 * so the two cannot drift apart.
 */
export const routes = {
  health: {
    method: 'GET',
    path: apiPaths.health,
    summary: 'Health of every dependency and projection lag',
    tag: 'platform',
    auth: 'public',
    response: healthResponseSchema,
    errors: [503],
    errorBodies: { 503: healthResponseSchema },
  },
  healthLive: {
    method: 'GET',
    path: apiPaths.healthLive,
    summary: 'Liveness: the process answers (no dependency is checked)',
    tag: 'platform',
    auth: 'public',
    response: livenessResponseSchema,
  },
  publicStats: { method: 'GET', path: apiPaths.publicStats, summary: 'Figures shown on the home page', tag: 'platform', auth: 'public', response: publicStatsSchema },
  login: {
    method: 'POST',
    path: apiPaths.login,
    summary: 'Sign in with email and password; an account with two-step sign-in answers a challenge for the code step (POST /api/auth/2fa/verify) instead of a session',
    tag: 'auth',
    auth: 'public',
    body: loginRequestSchema,
    response: signInResponseSchema,
    errors: [401, 403, 429],
    errorCodes: { 403: ['EMAIL_NOT_VERIFIED', ACCOUNT_SUSPENDED_CODE] },
  },
  register: {
    method: 'POST',
    path: apiPaths.register,
    summary: 'Create an account (crew, skipper or both)',
    tag: 'auth',
    auth: 'public',
    body: registerRequestSchema,
    response: registerResponseSchema,
    status: 201,
    errors: [409],
  },
  verifyEmail: {
    method: 'GET',
    path: apiPaths.verifyEmail,
    summary: 'Verify an email address with the emailed token; signs the user in',
    tag: 'auth',
    auth: 'public',
    query: tokenQuerySchema,
    response: verifyEmailResponseSchema,
    errors: [403, 409],
    errorCodes: { 403: [ACCOUNT_SUSPENDED_CODE], 409: [EMAIL_ALREADY_VERIFIED.code] },
  },
  verifyEmailLegacy: {
    method: 'GET',
    path: apiPaths.verifyEmailLegacy,
    summary: 'Same as /api/auth/verify-email (older links)',
    tag: 'auth',
    auth: 'public',
    query: tokenQuerySchema,
    response: verifyEmailResponseSchema,
    errors: [403, 409],
    errorCodes: { 403: [ACCOUNT_SUSPENDED_CODE], 409: [EMAIL_ALREADY_VERIFIED.code] },
  },
  resendVerification: {
    method: 'POST',
    path: apiPaths.resendVerification,
    summary: 'Send the verification email again',
    tag: 'auth',
    auth: 'public',
    body: emailRequestSchema,
    response: messageResponseSchema,
  },
  resendVerificationLegacy: {
    method: 'POST',
    path: apiPaths.resendVerificationLegacy,
    summary: 'Same as /api/auth/resend-verification',
    tag: 'auth',
    auth: 'public',
    body: emailRequestSchema,
    response: messageResponseSchema,
  },
  forgotPassword: {
    method: 'POST',
    path: apiPaths.forgotPassword,
    summary: 'Email a password reset link (same answer whether or not the account exists)',
    tag: 'auth',
    auth: 'public',
    body: emailRequestSchema,
    response: messageResponseSchema,
  },
  verifyResetToken: {
    method: 'POST',
    path: apiPaths.verifyResetToken,
    summary: 'Check a reset link before showing the form',
    tag: 'auth',
    auth: 'public',
    body: verifyResetTokenRequestSchema,
    response: verifyResetTokenResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: apiPaths.resetPassword,
    summary: 'Set a new password with a reset token; signs out every session',
    tag: 'auth',
    auth: 'public',
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
  },
  requestSignInLink: {
    method: 'POST',
    path: apiPaths.requestSignInLink,
    summary:
      'Email a one-time sign-in link, valid 15 minutes (same answer whether or not the account exists); the way in while password sign-in is throttled. `next`, a path on this site, rides on the link: the member lands there once signed in',
    tag: 'auth',
    auth: 'public',
    body: signInLinkRequestSchema,
    response: messageResponseSchema,
  },
  consumeSignInLink: {
    method: 'POST',
    path: apiPaths.consumeSignInLink,
    summary: 'Sign in with an emailed sign-in link (works once)',
    tag: 'auth',
    auth: 'public',
    body: consumeSignInLinkRequestSchema,
    response: signInResponseSchema,
    errors: [403],
    errorCodes: { 403: [ACCOUNT_SUSPENDED_CODE] },
  },
  me: { method: 'GET', path: apiPaths.me, summary: 'The signed-in user', tag: 'auth', auth: 'user', response: userSchema },
  myAccount: {
    method: 'GET',
    path: apiPaths.updateMe,
    summary: "The signed-in member's account (as GET /api/auth/me), with the language (`locale`) their mail is written in",
    tag: 'profile',
    auth: 'user',
    response: userSchema,
  },
  updateMe: {
    method: 'PUT',
    path: apiPaths.updateMe,
    summary:
      'Update name, email and phone (the account type changes only with POST /api/users/me/account-type). A new email needs current_password; it becomes pending_email until the link mailed to it is opened, and the old address is told. `locale` (en, fr, de, es, it) saves the language mail is written in, with the form or alone (`{ "locale": "de" }`)',
    tag: 'profile',
    auth: 'user',
    body: updateMeBodySchema,
    response: userSchema,
    errors: [403, 409, 429],
    errorCodes: { 400: [EMAIL_CHANGE_CODES.passwordRequired], 403: [EMAIL_CHANGE_CODES.wrongPassword], 429: ['TOO_MANY_ATTEMPTS', EMAIL_CHANGE_CODES.tooMany] },
  },
  changeAccountType: {
    method: 'POST',
    path: apiPaths.changeAccountType,
    summary:
      'Switch the signed-in account to Skipper & Crew (`both`): only from skipper or crew, keeping everything it has; 200 with the account (also when it already is both), 409 for an administrator',
    tag: 'profile',
    auth: 'user',
    body: changeAccountTypeRequestSchema,
    response: userSchema,
    errors: [409],
    errorCodes: { 409: [ACCOUNT_TYPE_CHANGE.codes.fixed] },
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: apiPaths.cancelEmailChange,
    summary: 'Cancel a pending email change (its link stops working)',
    tag: 'profile',
    auth: 'user',
    response: userSchema,
  },
  confirmEmailChange: {
    method: 'POST',
    path: apiPaths.confirmEmailChange,
    summary: 'Switch to the new email with the link mailed to it (works once, 24 hours); 409 when another account took the address meanwhile',
    tag: 'auth',
    auth: 'public',
    body: confirmEmailChangeRequestSchema,
    response: confirmEmailChangeResponseSchema,
    errors: [409],
  },
  undoEmailChange: {
    method: 'POST',
    path: apiPaths.undoEmailChange,
    summary:
      'Undo an email change with the link mailed to the old address (7 days): restores it, cancels a pending change, signs out every session and hands back a password reset token; 409 when the old address now belongs to another account (sessions are still ended)',
    tag: 'auth',
    auth: 'public',
    body: confirmEmailChangeRequestSchema,
    response: undoEmailChangeResponseSchema,
    errors: [409],
  },
  publicProfile: {
    method: 'GET',
    path: apiPaths.publicProfile,
    summary: 'Public fields of a member (no email, phone or emergency contact)',
    tag: 'profile',
    auth: 'public',
    response: publicProfileSchema,
  },
  verificationStatus: {
    method: 'GET',
    path: apiPaths.verificationStatus,
    summary: 'Trust level and points (one per check passed), and whether this site verifies phone numbers',
    tag: 'profile',
    auth: 'user',
    response: verificationStatusSchema,
  },
  updateExperience: {
    method: 'PUT',
    path: apiPaths.updateExperience,
    summary: 'Save sailing experience',
    tag: 'profile',
    auth: 'user',
    body: sailingExperienceSchema,
    response: userSchema,
  },
  updateEmergencyContact: {
    method: 'PUT',
    path: apiPaths.updateEmergencyContact,
    summary: 'Save the emergency contact',
    tag: 'profile',
    auth: 'user',
    body: emergencyContactSchema,
    response: userSchema,
  },
  updateCrewExpectations: {
    method: 'PUT',
    path: apiPaths.updateCrewExpectations,
    summary: 'Save crew expectations (skipper or both)',
    tag: 'profile',
    auth: 'user',
    body: crewExpectationsSchema,
    response: userSchema,
    errors: [403],
  },
  updateCrewSkills: {
    method: 'PUT',
    path: apiPaths.updateCrewSkills,
    summary: 'Save crew skills (crew or both)',
    tag: 'profile',
    auth: 'user',
    body: crewSkillsSchema,
    response: userSchema,
    errors: [403],
  },
  uploadProfilePhoto: {
    method: 'POST',
    path: apiPaths.uploadProfilePhoto,
    summary: 'Upload a profile photo (multipart field "photo"; JPEG, PNG, GIF or WebP, max 5 MB)',
    tag: 'profile',
    auth: 'user',
    response: photoResponseSchema,
    status: 201,
    multipart: true,
    errors: [422],
  },
  listBoats: { method: 'GET', path: apiPaths.listBoats, summary: 'My boats', tag: 'boats', auth: 'user', response: boatListSchema },
  createBoat: {
    method: 'POST',
    path: apiPaths.createBoat,
    summary: 'Add a boat (skipper or both)',
    tag: 'boats',
    auth: 'user',
    body: boatRequestSchema,
    response: boatSchema,
    status: 201,
    errors: [403],
  },
  updateBoat: {
    method: 'PUT',
    path: apiPaths.updateBoat,
    summary: 'Update one of my boats',
    tag: 'boats',
    auth: 'user',
    body: boatRequestSchema,
    response: boatSchema,
    errors: [403],
  },
  uploadBoatPhoto: {
    method: 'POST',
    path: apiPaths.uploadBoatPhoto,
    summary: 'Upload the photo of one of my boats (multipart field "photo")',
    tag: 'boats',
    auth: 'user',
    response: photoResponseSchema,
    status: 201,
    multipart: true,
    errors: [422],
  },
  getConfig: { method: 'GET', path: apiPaths.getConfig, summary: 'Platform configuration', tag: 'admin', auth: 'admin', response: platformConfigResponseSchema },
  getConfigHistory: {
    method: 'GET',
    path: apiPaths.getConfigHistory,
    summary: 'Configuration changes, newest first, with old and new value, who, when and why; filter by key, paged (10 by default: Recent Changes)',
    tag: 'admin',
    auth: 'admin',
    query: configHistoryQuerySchema,
    response: configHistoryPageSchema,
  },
  getConfigAsOf: {
    method: 'GET',
    path: apiPaths.getConfigAsOf,
    summary: 'The configuration exactly as it stood at a past moment, folded from the PlatformConfig events recorded up to then',
    tag: 'admin',
    auth: 'admin',
    query: configAsOfQuerySchema,
    response: configAsOfResponseSchema,
  },
  adminOverview: {
    method: 'GET',
    path: apiPaths.adminOverview,
    summary: 'Platform Overview figures: users, premium and free, voyages, applications, crew members the rollout affects',
    tag: 'admin',
    auth: 'admin',
    response: adminOverviewResponseSchema,
  },
  toggleMonetization: {
    method: 'POST',
    path: apiPaths.toggleMonetization,
    summary: 'Switch crew subscriptions on or off',
    tag: 'admin',
    auth: 'admin',
    body: toggleMonetizationRequestSchema,
    response: platformConfigResponseSchema,
    errors: [409],
    readsOwnWrite: true,
  },
  setRollout: {
    method: 'PUT',
    path: apiPaths.setRollout,
    summary: 'Set the rollout percentage',
    tag: 'admin',
    auth: 'admin',
    body: rolloutPercentageRequestSchema,
    response: platformConfigResponseSchema,
    errors: [409],
    readsOwnWrite: true,
  },
  setConfigValue: {
    method: 'PUT',
    path: apiPaths.setConfigValue,
    summary: 'Set free_trial_period_days or subscription_price_gbp',
    tag: 'admin',
    auth: 'admin',
    body: configValueRequestSchema,
    response: platformConfigResponseSchema,
    errors: [409],
    readsOwnWrite: true,
  },
  getAccessLists: {
    method: 'GET',
    path: apiPaths.getAccessLists,
    summary: 'Grandfathered users and beta testers',
    tag: 'admin',
    auth: 'admin',
    response: accessListsResponseSchema,
  },
  changeAccessList: {
    method: 'POST',
    path: apiPaths.changeAccessList,
    summary: 'Add or remove a user on the grandfathered or beta list',
    tag: 'admin',
    auth: 'admin',
    body: accessListChangeRequestSchema,
    response: accessListsResponseSchema,
    errors: [404, 409],
    errorCodes: { 404: ['USER_NOT_FOUND', 'NOT_ON_LIST'], 409: ['ALREADY_ON_LIST'] },
    readsOwnWrite: true,
  },
  listVoyages: {
    method: 'GET',
    path: apiPaths.listVoyages,
    summary: 'Browse published voyages: text search, dates, duration, contribution, status, map bounds, paging',
    tag: 'voyages',
    auth: 'public',
    query: voyageListQuerySchema,
    response: voyageListResponseSchema,
  },
  voyageMap: {
    method: 'GET',
    path: apiPaths.voyageMap,
    summary: 'The browse map of a view (bbox, zoom): voyages matching the browse filters, clustered on the server',
    tag: 'voyages',
    auth: 'public',
    query: voyageMapQuerySchema,
    response: voyageMapResponseSchema,
  },
  myVoyages: {
    method: 'GET',
    path: apiPaths.myVoyages,
    summary: "The signed-in skipper's voyages, drafts included, with application counts",
    tag: 'voyages',
    auth: 'user',
    response: myVoyagesResponseSchema,
  },
  routeCheck: {
    method: 'GET',
    path: apiPaths.routeCheck,
    summary: 'Great-circle distance of each leg of a route and whether its straight line crosses land',
    tag: 'voyages',
    auth: 'user',
    query: routeCheckQuerySchema,
    response: routeCheckResponseSchema,
  },
  getVoyage: {
    method: 'GET',
    path: apiPaths.getVoyage,
    summary: 'One voyage (a draft only for its skipper)',
    tag: 'voyages',
    auth: 'public',
    response: voyageSchema,
    responseHeaders: voyageEtag,
  },
  createVoyage: {
    method: 'POST',
    path: apiPaths.createVoyage,
    summary: 'Publish a voyage, or save it as a draft (skipper or both)',
    tag: 'voyages',
    auth: 'user',
    body: voyageRequestSchema,
    response: voyageSchema,
    status: 201,
    errors: [403, 404, 409, 422],
    readsOwnWrite: true,
    responseHeaders: voyageEtag,
  },
  updateVoyage: {
    method: 'PUT',
    path: apiPaths.updateVoyage,
    summary: 'Change status, change contribution, or edit the whole voyage (owner only)',
    tag: 'voyages',
    auth: 'user',
    body: voyageUpdateSchema,
    response: voyageSchema,
    errors: [403, 409, 412, 422],
    errorBodies: staleRevision,
    errorCodes: { 400: [INVALID_IF_MATCH] },
    requestHeaders: voyageIfMatch,
    responseHeaders: voyageEtag,
    readsOwnWrite: true,
  },
  cancelVoyage: {
    method: 'POST',
    path: apiPaths.cancelVoyage,
    summary: 'Cancel a voyage for good and notify its applicants (owner only)',
    tag: 'voyages',
    auth: 'user',
    response: cancelVoyageResponseSchema,
    errors: [403, 409, 412],
    errorBodies: staleRevision,
    errorCodes: { 400: [INVALID_IF_MATCH] },
    requestHeaders: voyageIfMatch,
    responseHeaders: voyageEtag,
    readsOwnWrite: true,
  },
  apply: {
    method: 'POST',
    path: apiPaths.apply,
    summary: 'Apply to join a voyage, whole or some legs (crew or both; not the owner)',
    tag: 'applications',
    auth: 'user',
    body: applyRequestSchema,
    response: applicationActionResponseSchema,
    status: 201,
    errors: [402, 403, 404, 409, 422],
    errorBodies: { 402: subscriptionRequiredSchema },
    readsOwnWrite: true,
  },
  myApplications: {
    method: 'GET',
    path: apiPaths.myApplications,
    summary: "The signed-in user's applications, newest first",
    tag: 'applications',
    auth: 'user',
    response: myApplicationsResponseSchema,
  },
  withdrawApplication: {
    method: 'POST',
    path: apiPaths.withdrawApplication,
    summary: 'Withdraw a pending application (its author only)',
    tag: 'applications',
    auth: 'user',
    response: applicationActionResponseSchema,
    errors: [403, 409],
    readsOwnWrite: true,
  },
  voyageApplications: {
    method: 'GET',
    path: apiPaths.voyageApplications,
    summary: 'A voyage and its applications with applicant profiles (the voyage skipper only)',
    tag: 'applications',
    auth: 'user',
    response: voyageApplicationsResponseSchema,
    errors: [403],
  },
  acceptApplication: {
    method: 'POST',
    path: apiPaths.acceptApplication,
    summary: 'Accept a pending application (the voyage skipper only)',
    tag: 'applications',
    auth: 'user',
    response: applicationActionResponseSchema,
    errors: [403, 409],
    readsOwnWrite: true,
  },
  rejectApplication: {
    method: 'POST',
    path: apiPaths.rejectApplication,
    summary: 'Reject a pending application (the voyage skipper only)',
    tag: 'applications',
    auth: 'user',
    response: applicationActionResponseSchema,
    errors: [403, 409],
    readsOwnWrite: true,
  },
  searchPorts: {
    method: 'GET',
    path: apiPaths.searchPorts,
    summary: 'Find ports and harbours by name in any language (prefix first, then similar names; accent-insensitive), named in the request language',
    tag: 'geo',
    auth: 'public',
    query: portSearchQuerySchema,
    response: portSearchResponseSchema,
    requestHeaders: {
      'Accept-Language': { description: 'The language ports and countries are named in: en, fr, de, es or it (English when none of them)' },
    },
    responseHeaders: {
      Vary: { description: 'Accept-Language: caches keep one answer per language', required: true },
    },
  },
  ...adminConfigRoutes,
  ...adminUserRoutes,
  ...adminVoyageRoutes,
  subscriptionStatus: subscriptionRoutes.subscriptionStatus,
  subscriptionTerms: subscriptionRoutes.subscriptionTerms,
  subscriptionCheckout: subscriptionRoutes.subscriptionCheckout,
  subscriptionPortal: subscriptionRoutes.subscriptionPortal,
  paymentsWebhook: subscriptionRoutes.paymentsWebhook,
  ...reviewRoutes,
  ...supportDeskRoutes,
  ...notificationRoutes,
  ...savedSearchRoutes,
  ...messagingRoutes,
  ...supportTicketRoutes,
  ...analyticsRoutes,
  ...trustRoutes,
  ...activityRoutes,
  ...twoFactorRoutes,
  ...phoneVerificationRoutes,
  ...accountSelfServiceRoutes,
  ...offlineRoutes,
  ...calendarRoutes,
} as const satisfies Record<string, RouteContract>;
