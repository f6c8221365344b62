/** Limits the domain enforces too (libs/domain voyage.trust.ts). */
export const AGREEMENT_LIMITS = { contributionCovers: 1000, duties: 2000, watchSystem: 500, houseRules: 2000, leavingEarly: 2000, insurance: 1000 } as const;
export const FLOAT_PLAN_FIELD_LIMITS = { boatDescription: 500, callSign: 20, notes: 2000, contactName: 100, contactPhone: 30, maxContacts: 5 } as const;
export const CHECK_IN_NOTE_LIMIT = 280;
