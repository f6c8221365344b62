import { PAGE_VIEWS } from './page-view-constants';
/**
 * API paths without any schema code, so the web client's critical path can
 * name endpoints without loading zod. `routes.ts` takes its paths from here.
 */
export const apiPaths = {
  health: '/api/health',
  healthLive: '/api/health/live',
  publicStats: '/api/stats/public',
  login: '/api/auth/login',
  me: '/api/auth/me',
  register: '/api/auth/register',
  verifyEmail: '/api/auth/verify-email',
  verifyEmailLegacy: '/auth/verify-email',
  resendVerification: '/api/auth/resend-verification',
  resendVerificationLegacy: '/auth/resend-verification',
  forgotPassword: '/api/auth/forgot-password',
  verifyResetToken: '/api/auth/verify-reset-token',
  resetPassword: '/api/auth/reset-password',
  requestSignInLink: '/api/auth/sign-in-link',
  consumeSignInLink: '/api/auth/sign-in-link/consume',
  confirmEmailChange: '/api/auth/confirm-email-change',
  undoEmailChange: '/api/auth/undo-email-change',
  cancelEmailChange: '/api/users/me/pending-email',
  updateMe: '/api/users/me',
  changeAccountType: '/api/users/me/account-type',
  publicProfile: '/api/users/{id}/public',
  verificationStatus: '/api/profile/verification-status',
  updateExperience: '/api/profile/update-experience',
  updateEmergencyContact: '/api/profile/update-emergency-contact',
  updateCrewExpectations: '/api/profile/update-crew-expectations',
  updateCrewSkills: '/api/profile/update-crew-skills',
  uploadProfilePhoto: '/api/profile/upload-photo',
  listBoats: '/api/profile/boats',
  createBoat: '/api/profile/boats',
  updateBoat: '/api/profile/boats/{id}',
  uploadBoatPhoto: '/api/profile/boats/{id}/upload-photo',
  getConfig: '/api/admin/config',
  getConfigHistory: '/api/admin/config/history',
  getConfigAsOf: '/api/admin/config/as-of',
  adminOverview: '/api/admin/analytics/overview',
  toggleMonetization: '/api/admin/monetization/toggle',
  setRollout: '/api/admin/rollout/percentage',
  setConfigValue: '/api/admin/config/{key}',
  getAccessLists: '/api/admin/users/grandfathered',
  changeAccessList: '/api/admin/users/grandfathered',
  listVoyages: '/api/voyages/',
  voyageMap: '/api/voyages/map',
  myVoyages: '/api/voyages/my-voyages-with-applications',
  routeCheck: '/api/voyages/route-check',
  getVoyage: '/api/voyages/{id}',
  createVoyage: '/api/voyages/',
  updateVoyage: '/api/voyages/{id}',
  cancelVoyage: '/api/voyages/{id}/cancel',
  apply: '/api/applications/',
  myApplications: '/api/applications/my-applications',
  withdrawApplication: '/api/applications/{id}/withdraw',
  voyageApplications: '/api/voyages/{id}/applications',
  acceptApplication: '/api/applications/{id}/accept',
  rejectApplication: '/api/applications/{id}/reject',
  searchPorts: '/api/geo/ports/search',
} as const;

/** The support desk: communications, knowledge base and system health (admin), the Help centre and mail links (public). */
/** Saved searches, their alerts and berth watch. */
export const alertPaths = {
  savedSearches: '/api/saved-searches',
  savedSearch: '/api/saved-searches/{id}',
  openSavedSearch: '/api/saved-searches/{id}/open',
  unsubscribeAlert: '/api/saved-searches/unsubscribe',
  unsubscribeAlertOneClick: '/api/saved-searches/unsubscribe/one-click',
  watches: '/api/users/me/watches',
  watch: '/api/voyages/{id}/watch',
} as const;

export const supportDeskPaths = {
  emailTemplates: '/api/admin/support/email-templates',
  emailTemplate: '/api/admin/support/email-templates/{id}',
  emailTemplatePreview: '/api/admin/support/email-templates/{id}/preview',
  recentCommunications: '/api/admin/support/communications/recent',
  sendCampaign: '/api/admin/support/send-campaign',
  kbCategories: '/api/admin/support/knowledge-base/categories',
  kbArticles: '/api/admin/support/knowledge-base/articles',
  kbArticle: '/api/admin/support/knowledge-base/articles/{id}',
  systemHealth: '/api/admin/support/system-health',
  systemHealthRefresh: '/api/admin/support/system-health/refresh',
  rebuildProjection: '/api/admin/support/projections/{name}/rebuild',
  helpCategories: '/api/help/categories',
  helpArticles: '/api/help/articles',
  helpArticle: '/api/help/articles/{slug}',
  helpArticleVote: '/api/help/articles/{slug}/vote',
  unsubscribe: '/api/mail/unsubscribe',
  /** RFC 8058 one-click unsubscribe: the URL a campaign mail's List-Unsubscribe header names (user and token in the query). */
  unsubscribeOneClick: '/api/mail/unsubscribe/one-click',
  mailPreferences: '/api/users/me/mail-preferences',
} as const;

/** The signed-in member's notification preferences: a switch per kind of mail. */
export const notificationPaths = {
  notificationPreferences: '/api/users/me/notifications',
} as const;

/** The signed-in member's dashboard: recent activity and crew quick stats. */
export const activityPaths = {
  myActivity: '/api/users/me/activity',
  myCrewStats: '/api/users/me/crew-stats',
} as const;

export const analyticsPaths = {
  pageViews: PAGE_VIEWS.path,
  detailed: '/api/admin/analytics/detailed',
} as const;

export const adminConfigPaths = {
  monetizationImpact: '/api/admin/monetization/impact',
} as const;

/** Before sending a campaign: who it reaches, what it looks like, and a copy to oneself. */
export const campaignToolPaths = {
  audienceCount: '/api/admin/support/campaigns/audience-count',
  preview: '/api/admin/support/campaigns/preview',
  testSend: '/api/admin/support/campaigns/test-send',
} as const;

export const supportTicketPaths = {
  open: '/api/support/tickets',
  mine: '/api/support/tickets',
  get: '/api/support/tickets/{id}',
  reply: '/api/support/tickets/{id}/reply',
  rating: '/api/support/tickets/{id}/rating',
  adminStats: '/api/admin/support/stats',
  adminList: '/api/admin/support/tickets',
  adminGet: '/api/admin/support/tickets/{id}',
  adminStatus: '/api/admin/support/tickets/{id}/status',
  adminPriority: '/api/admin/support/tickets/{id}/priority',
  adminAssignee: '/api/admin/support/tickets/{id}/assignee',
  adminAssignees: '/api/admin/support/assignees',
  adminReply: '/api/admin/support/tickets/{id}/reply',
} as const;

export const adminUserPaths = {
  list: '/api/admin/users',
  history: '/api/admin/users/{id}/history',
  subscription: '/api/admin/users/{id}/subscription',
  sendEmail: '/api/admin/users/{id}/send-email',
  profileStatus: '/api/admin/users/{id}/profile-status',
  remove: '/api/admin/users/{id}',
  suspend: '/api/admin/users/{id}/suspend',
  reinstate: '/api/admin/users/{id}/reinstate',
  identityVerification: '/api/admin/users/{id}/identity-verification',
} as const;

export const adminVoyagePaths = {
  list: '/api/admin/voyages',
  exportAll: '/api/admin/voyages/export',
  analytics: '/api/admin/analytics/voyages',
  history: '/api/admin/voyages/{id}/history',
  moderate: '/api/admin/voyages/{id}/moderate',
  clearFlag: '/api/admin/voyages/{id}/clear-flag',
  suspend: '/api/admin/voyages/{id}/suspend',
  reinstate: '/api/admin/voyages/{id}/reinstate',
  remove: '/api/admin/voyages/{id}',
} as const;

export const subscriptionPaths = {
  status: '/api/subscription',
  terms: '/api/subscription/terms',
  checkout: '/api/subscription/checkout',
  portal: '/api/subscription/portal',
  webhook: '/api/payments/webhook',
} as const;

/** Phone verification by a code sent by text message (the signed-in member's own phone number). */
export const phoneVerificationPaths = {
  send: '/api/profile/phone/verification',
  confirm: '/api/profile/phone/verification/confirm',
} as const;

/** Two-step sign-in (TOTP): set up and turn on for the signed-in account, and the code step of a sign-in. */
export const twoFactorPaths = {
  setup: '/api/auth/2fa/setup',
  enable: '/api/auth/2fa/enable',
  verify: '/api/auth/2fa/verify',
} as const;

/** The signed-in member's own account: password, data export, deletion. */
export const accountSelfServicePaths = {
  me: '/api/users/me',
  password: '/api/users/me/password',
  export: '/api/users/me/export',
} as const;

/** Calendars: a voyage's legs as an iCalendar file, and a member's private subscription feed. */
export const calendarPaths = {
  voyageCalendar: '/api/voyages/{id}/calendar.ics',
  myCalendarFeed: '/api/users/me/calendar-feed',
  calendarFeed: '/api/calendar-feeds/{token}.ics',
} as const;
