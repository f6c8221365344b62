/** Limits the domain enforces too (libs/domain voyage.trust.ts). */
export const AGREEMENT_LIMITS = { contributionCovers: 1000, duties: 2000, watchSystem: 500, houseRules: 2000, leavingEarly: 2000, insurance: 1000 } as const;
export const FLOAT_PLAN_FIELD_LIMITS = { boatDescription: 500, callSign: 20, notes: 2000, contactName: 100, contactPhone: 30, maxContacts: 5 } as const;
export const CHECK_IN_NOTE_LIMIT = 280;

/** The trust and safety routes, without schema code: a member's public profile names its sailing log without loading zod. */
export const trustPaths = {
  sailingLog: '/api/users/{id}/sailing-log',
  voyageTrust: '/api/voyages/{id}/trust',
  confirmSailingLog: '/api/voyages/{id}/sailing-log/{crew_id}/confirm',
  removeFromSailingLog: '/api/voyages/{id}/sailing-log/{crew_id}/remove',
  issueAgreement: '/api/voyages/{id}/agreements/{crew_id}',
  awaitingAgreements: '/api/agreements/awaiting',
  agreement: '/api/agreements/{id}',
  acceptAgreement: '/api/agreements/{id}/accept',
  fileFloatPlan: '/api/voyages/{id}/float-plan',
  floatPlan: '/api/float-plans/{token}',
  checkIn: '/api/voyages/{id}/check-ins',
} as const;
