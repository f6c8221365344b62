/**
 * Limits of the trust and safety features (crew agreements, float plans,
 * check-ins), stated once for the domain, the contracts and the web forms.
 */
export const AGREEMENT_TEXT_LIMITS = { contributionCovers: 1000, duties: 2000, watchSystem: 500, houseRules: 2000, leavingEarly: 2000, insurance: 1000 } as const;
export const FLOAT_PLAN_LIMITS = { boatDescription: 500, callSign: 20, notes: 2000, shoreContacts: { min: 1, max: 5 }, maxDays: 120 } as const;
export const CHECK_IN_NOTE_MAX = 280;
export const CHECK_IN_KINDS = ['departed', 'position', 'arrived'] as const;
