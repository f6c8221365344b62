import { z } from 'zod';
import { apiPaths } from './paths';
import {
  emailRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  tokenQuerySchema,
  userSchema,
  verifyEmailResponseSchema,
  verifyResetTokenRequestSchema,
  verifyResetTokenResponseSchema,
} from './auth';
import { boatListSchema, boatRequestSchema, boatSchema, photoResponseSchema } from './boats';
import { healthResponseSchema } from './health';
import {
  crewExpectationsSchema,
  crewSkillsSchema,
  emergencyContactSchema,
  publicProfileSchema,
  sailingExperienceSchema,
  updateMeRequestSchema,
  verificationStatusSchema,
} from './profile';
import { publicStatsSchema } from './stats';
import { portSearchQuerySchema, portSearchResponseSchema } from './geo';
import {
  cancelVoyageResponseSchema,
  myVoyagesResponseSchema,
  voyageListQuerySchema,
  voyageListResponseSchema,
  voyageMapQuerySchema,
  voyageMapResponseSchema,
  voyageRequestSchema,
  voyageSchema,
  voyageUpdateSchema,
} from './voyages';
import {
  applicationActionResponseSchema,
  applyRequestSchema,
  myApplicationsResponseSchema,
  voyageApplicationsResponseSchema,
} from './applications';
import {
  accessListChangeRequestSchema,
  accessListsResponseSchema,
  configHistoryResponseSchema,
  configValueRequestSchema,
  platformConfigResponseSchema,
  rolloutPercentageRequestSchema,
  toggleMonetizationRequestSchema,
} from './platform-config';

export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: 'public' | 'user' | 'admin';
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
}

/**
 * Every API route with the schemas that validate it. The API validates
 * requests with these schemas and the OpenAPI document is generated from them,
 * so the two cannot drift apart.
 */
export const routes = {
  health: { method: 'GET', path: apiPaths.health, summary: 'Health of every dependency and projection lag', tag: 'platform', auth: 'public', response: healthResponseSchema },
  publicStats: { method: 'GET', path: apiPaths.publicStats, summary: 'Figures shown on the home page', tag: 'platform', auth: 'public', response: publicStatsSchema },
  login: { method: 'POST', path: apiPaths.login, summary: 'Sign in with email and password', tag: 'auth', auth: 'public', body: loginRequestSchema, response: loginResponseSchema },
  register: { method: 'POST', path: apiPaths.register, summary: 'Create an account (crew, skipper or both)', tag: 'auth', auth: 'public', body: registerRequestSchema, response: registerResponseSchema },
  verifyEmail: { method: 'GET', path: apiPaths.verifyEmail, summary: 'Verify an email address with the emailed token; signs the user in', tag: 'auth', auth: 'public', query: tokenQuerySchema, response: verifyEmailResponseSchema },
  verifyEmailLegacy: { method: 'GET', path: apiPaths.verifyEmailLegacy, summary: 'Same as /api/auth/verify-email (older links)', tag: 'auth', auth: 'public', query: tokenQuerySchema, response: verifyEmailResponseSchema },
  resendVerification: { method: 'POST', path: apiPaths.resendVerification, summary: 'Send the verification email again', tag: 'auth', auth: 'public', body: emailRequestSchema, response: messageResponseSchema },
  resendVerificationLegacy: { method: 'POST', path: apiPaths.resendVerificationLegacy, summary: 'Same as /api/auth/resend-verification', tag: 'auth', auth: 'public', body: emailRequestSchema, response: messageResponseSchema },
  forgotPassword: { method: 'POST', path: apiPaths.forgotPassword, summary: 'Email a password reset link (same answer whether or not the account exists)', tag: 'auth', auth: 'public', body: emailRequestSchema, response: messageResponseSchema },
  verifyResetToken: { method: 'POST', path: apiPaths.verifyResetToken, summary: 'Check a reset link before showing the form', tag: 'auth', auth: 'public', body: verifyResetTokenRequestSchema, response: verifyResetTokenResponseSchema },
  resetPassword: { method: 'POST', path: apiPaths.resetPassword, summary: 'Set a new password with a reset token; signs out every session', tag: 'auth', auth: 'public', body: resetPasswordRequestSchema, response: messageResponseSchema },
  me: { method: 'GET', path: apiPaths.me, summary: 'The signed-in user', tag: 'auth', auth: 'user', response: userSchema },
  updateMe: { method: 'PUT', path: apiPaths.updateMe, summary: 'Update name, email and phone (the account type cannot change)', tag: 'profile', auth: 'user', body: updateMeRequestSchema, response: userSchema },
  publicProfile: { method: 'GET', path: apiPaths.publicProfile, summary: 'Public fields of a member (no email, phone or emergency contact)', tag: 'profile', auth: 'public', response: publicProfileSchema },
  verificationStatus: { method: 'GET', path: apiPaths.verificationStatus, summary: 'Trust level and points out of 6', tag: 'profile', auth: 'user', response: verificationStatusSchema },
  updateExperience: { method: 'PUT', path: apiPaths.updateExperience, summary: 'Save sailing experience', tag: 'profile', auth: 'user', body: sailingExperienceSchema, response: userSchema },
  updateEmergencyContact: { method: 'PUT', path: apiPaths.updateEmergencyContact, summary: 'Save the emergency contact', tag: 'profile', auth: 'user', body: emergencyContactSchema, response: userSchema },
  updateCrewExpectations: { method: 'PUT', path: apiPaths.updateCrewExpectations, summary: 'Save crew expectations (skipper or both)', tag: 'profile', auth: 'user', body: crewExpectationsSchema, response: userSchema },
  updateCrewSkills: { method: 'PUT', path: apiPaths.updateCrewSkills, summary: 'Save crew skills (crew or both)', tag: 'profile', auth: 'user', body: crewSkillsSchema, response: userSchema },
  uploadProfilePhoto: { method: 'POST', path: apiPaths.uploadProfilePhoto, summary: 'Upload a profile photo (multipart field "photo"; JPEG, PNG, GIF or WebP, max 5 MB)', tag: 'profile', auth: 'user', response: photoResponseSchema },
  listBoats: { method: 'GET', path: apiPaths.listBoats, summary: 'My boats', tag: 'boats', auth: 'user', response: boatListSchema },
  createBoat: { method: 'POST', path: apiPaths.createBoat, summary: 'Add a boat (skipper or both)', tag: 'boats', auth: 'user', body: boatRequestSchema, response: boatSchema },
  updateBoat: { method: 'PUT', path: apiPaths.updateBoat, summary: 'Update one of my boats', tag: 'boats', auth: 'user', body: boatRequestSchema, response: boatSchema },
  uploadBoatPhoto: { method: 'POST', path: apiPaths.uploadBoatPhoto, summary: 'Upload the photo of one of my boats (multipart field "photo")', tag: 'boats', auth: 'user', response: photoResponseSchema },
  getConfig: { method: 'GET', path: apiPaths.getConfig, summary: 'Platform configuration', tag: 'admin', auth: 'admin', response: platformConfigResponseSchema },
  getConfigHistory: { method: 'GET', path: apiPaths.getConfigHistory, summary: 'Last configuration changes, newest first', tag: 'admin', auth: 'admin', response: configHistoryResponseSchema },
  toggleMonetization: { method: 'POST', path: apiPaths.toggleMonetization, summary: 'Switch crew subscriptions on or off', tag: 'admin', auth: 'admin', body: toggleMonetizationRequestSchema, response: platformConfigResponseSchema },
  setRollout: { method: 'PUT', path: apiPaths.setRollout, summary: 'Set the rollout percentage', tag: 'admin', auth: 'admin', body: rolloutPercentageRequestSchema, response: platformConfigResponseSchema },
  setConfigValue: { method: 'PUT', path: apiPaths.setConfigValue, summary: 'Set free_trial_period_days or subscription_price_gbp', tag: 'admin', auth: 'admin', body: configValueRequestSchema, response: platformConfigResponseSchema },
  getAccessLists: { method: 'GET', path: apiPaths.getAccessLists, summary: 'Grandfathered users and beta testers', tag: 'admin', auth: 'admin', response: accessListsResponseSchema },
  changeAccessList: { method: 'POST', path: apiPaths.changeAccessList, summary: 'Add or remove a user on the grandfathered or beta list', tag: 'admin', auth: 'admin', body: accessListChangeRequestSchema, response: accessListsResponseSchema },
  listVoyages: { method: 'GET', path: apiPaths.listVoyages, summary: 'Browse published voyages: text search, dates, duration, contribution, status, map bounds, paging', tag: 'voyages', auth: 'public', query: voyageListQuerySchema, response: voyageListResponseSchema },
  voyageMap: { method: 'GET', path: apiPaths.voyageMap, summary: 'The browse map of a view (bbox, zoom): voyages matching the browse filters, clustered on the server', tag: 'voyages', auth: 'public', query: voyageMapQuerySchema, response: voyageMapResponseSchema },
  myVoyages: { method: 'GET', path: apiPaths.myVoyages, summary: "The signed-in skipper's voyages, drafts included, with application counts", tag: 'voyages', auth: 'user', response: myVoyagesResponseSchema },
  getVoyage: { method: 'GET', path: apiPaths.getVoyage, summary: 'One voyage (a draft only for its skipper)', tag: 'voyages', auth: 'public', response: voyageSchema },
  createVoyage: { method: 'POST', path: apiPaths.createVoyage, summary: 'Publish a voyage, or save it as a draft (skipper or both)', tag: 'voyages', auth: 'user', body: voyageRequestSchema, response: voyageSchema },
  updateVoyage: { method: 'PUT', path: apiPaths.updateVoyage, summary: 'Change status, change contribution, or edit the whole voyage (owner only)', tag: 'voyages', auth: 'user', body: voyageUpdateSchema, response: voyageSchema },
  cancelVoyage: { method: 'POST', path: apiPaths.cancelVoyage, summary: 'Cancel a voyage for good and notify its applicants (owner only)', tag: 'voyages', auth: 'user', response: cancelVoyageResponseSchema },
  apply: { method: 'POST', path: apiPaths.apply, summary: 'Apply to join a voyage, whole or some legs (crew or both; not the owner)', tag: 'applications', auth: 'user', body: applyRequestSchema, response: applicationActionResponseSchema },
  myApplications: { method: 'GET', path: apiPaths.myApplications, summary: "The signed-in user's applications, newest first", tag: 'applications', auth: 'user', response: myApplicationsResponseSchema },
  withdrawApplication: { method: 'POST', path: apiPaths.withdrawApplication, summary: 'Withdraw a pending application (its author only)', tag: 'applications', auth: 'user', response: applicationActionResponseSchema },
  voyageApplications: { method: 'GET', path: apiPaths.voyageApplications, summary: 'A voyage and its applications with applicant profiles (the voyage skipper only)', tag: 'applications', auth: 'user', response: voyageApplicationsResponseSchema },
  acceptApplication: { method: 'POST', path: apiPaths.acceptApplication, summary: 'Accept a pending application (the voyage skipper only)', tag: 'applications', auth: 'user', response: applicationActionResponseSchema },
  rejectApplication: { method: 'POST', path: apiPaths.rejectApplication, summary: 'Reject a pending application (the voyage skipper only)', tag: 'applications', auth: 'user', response: applicationActionResponseSchema },
  searchPorts: { method: 'GET', path: apiPaths.searchPorts, summary: 'Find ports and harbours by name (prefix first, then similar names; accent-insensitive)', tag: 'geo', auth: 'public', query: portSearchQuerySchema, response: portSearchResponseSchema },
} as const satisfies Record<string, RouteContract>;
