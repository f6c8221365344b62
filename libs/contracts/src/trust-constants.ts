import { AGREEMENT_TEXT_LIMITS, CHECK_IN_NOTE_MAX, FLOAT_PLAN_LIMITS } from '@crew/rules';

/** Limits the domain enforces too: the values of libs/rules (trust-rules.ts), under the names the forms read. */
export const AGREEMENT_LIMITS = AGREEMENT_TEXT_LIMITS;
export const FLOAT_PLAN_FIELD_LIMITS = {
  boatDescription: FLOAT_PLAN_LIMITS.boatDescription,
  callSign: FLOAT_PLAN_LIMITS.callSign,
  notes: FLOAT_PLAN_LIMITS.notes,
  contactName: 100,
  contactPhone: 30,
  maxContacts: FLOAT_PLAN_LIMITS.shoreContacts.max,
} as const;
export const CHECK_IN_NOTE_LIMIT = CHECK_IN_NOTE_MAX;

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
