import { z } from 'zod';
import { CURRENCY_VALUES } from './constants';
import type { RouteContract } from './routes';
import { idempotencyKeyHeader, idempotentReplayedHeader } from './idempotency';
import { safeText } from './text';
import { CHECK_IN_KINDS, FLOAT_PLAN_LIMITS, MAX_CONTRIBUTION_AMOUNT, MAX_VOYAGE_LEGS, POSITION_MESSAGES, sharedText } from '@crew/rules';
import { AGREEMENT_LIMITS, FLOAT_PLAN_FIELD_LIMITS, CHECK_IN_NOTE_LIMIT, trustPaths } from './trust-constants';
export const CHECK_IN_KIND_VALUES = CHECK_IN_KINDS;

const limited = (max: number) => safeText().max(max, sharedText('At most {max} characters', { max }));

/** PUT /api/voyages/{id}/agreements/{crew_id}: the terms of the crew agreement (a new version when they change). */
export const agreementTermsSchema = z
  .object({
    contribution_amount: z.number().min(0).max(MAX_CONTRIBUTION_AMOUNT).nullable().default(null),
    contribution_currency: z.enum(CURRENCY_VALUES).default('GBP'),
    contribution_covers: limited(AGREEMENT_LIMITS.contributionCovers).default(''),
    duties: limited(AGREEMENT_LIMITS.duties).trim().min(1, 'Duties must be filled in'),
    watch_system: limited(AGREEMENT_LIMITS.watchSystem).default(''),
    house_rules: limited(AGREEMENT_LIMITS.houseRules).default(''),
    leaving_early: limited(AGREEMENT_LIMITS.leavingEarly).trim().min(1, 'Say what happens on leaving early or being asked to leave'),
    insurance: limited(AGREEMENT_LIMITS.insurance).trim().min(1, 'Insurance must be filled in'),
  })
  .strict()
  .meta({ id: 'AgreementTerms' });
export type AgreementTermsRequest = z.input<typeof agreementTermsSchema>;
export type AgreementTermsBody = z.output<typeof agreementTermsSchema>;

export const acceptAgreementSchema = z
  .object({
    /** The version read and accepted (required: terms are accepted as shown); refused with 409 AGREEMENT_CHANGED when the skipper changed it meanwhile. */
    version: z
      .number({
        error: (issue) => (issue.input === undefined ? 'Give the version of the agreement you read: only the terms you were shown can be accepted' : 'Version must be a number'),
      })
      .int('Version must be a whole number')
      .min(1, 'Version must be 1 or more'),
    /** Show my emergency contact on this voyage's float plan to its shore contacts. */
    share_emergency_contact: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'AcceptAgreement' });
export type AcceptAgreementRequest = z.input<typeof acceptAgreementSchema>;

const termsResponse = z.object({
  contribution_amount: z.number().nullable(),
  contribution_currency: z.string(),
  contribution_covers: z.string(),
  duties: z.string(),
  watch_system: z.string(),
  house_rules: z.string(),
  leaving_early: z.string(),
  insurance: z.string(),
});

export const agreementSchema = z
  .object({
    id: z.string(),
    voyage_id: z.string(),
    voyage_title: z.string(),
    crew_id: z.string(),
    crew_name: z.string(),
    skipper_name: z.string(),
    version: z.number().int(),
    terms: termsResponse,
    issued_at: z.string(),
    accepted_version: z.number().int().nullable(),
    accepted_terms: termsResponse.nullable(),
    accepted_at: z.string().nullable(),
    /** The latest version is accepted. */
    accepted: z.boolean(),
    share_emergency_contact: z.boolean(),
  })
  .meta({ id: 'Agreement' });
export type AgreementResponse = z.infer<typeof agreementSchema>;

const isoInstant = z.iso.datetime({ offset: true, message: 'Use a date and time such as 2026-07-01T08:00:00Z' });

export const shoreContactSchema = z
  .object({
    name: safeText().trim().min(1, 'Name is required').max(FLOAT_PLAN_FIELD_LIMITS.contactName),
    email: safeText().trim().email('Please enter a valid email address').max(254),
    phone: safeText()
      .trim()
      .max(FLOAT_PLAN_FIELD_LIMITS.contactPhone)
      .regex(/^[+0-9 ()-]*$/, 'Please enter a valid phone number')
      .default(''),
  })
  .strict();

/** PUT /api/voyages/{id}/float-plan: a new version of the voyage's float plan (whole voyage, or one leg). */
export const floatPlanRequestSchema = z
  .object({
    segment_order: z.number().int().min(1).max(MAX_VOYAGE_LEGS).nullable().default(null),
    departure_at: isoInstant,
    expected_arrival_at: isoInstant,
    boat_description: limited(FLOAT_PLAN_FIELD_LIMITS.boatDescription).trim().min(1, 'Describe the boat so it can be recognised'),
    call_sign: limited(FLOAT_PLAN_FIELD_LIMITS.callSign)
      .regex(/^[A-Za-z0-9 -]*$/, 'Letters, digits, spaces and dashes only')
      .default(''),
    notes: limited(FLOAT_PLAN_FIELD_LIMITS.notes).default(''),
    shore_contacts: z.array(shoreContactSchema).min(FLOAT_PLAN_LIMITS.shoreContacts.min, 'Name at least one shore contact').max(FLOAT_PLAN_FIELD_LIMITS.maxContacts),
  })
  .strict()
  .meta({ id: 'FloatPlanRequest' });
export type FloatPlanRequest = z.input<typeof floatPlanRequestSchema>;

/** POST /api/voyages/{id}/check-ins */
export const checkInRequestSchema = z
  .object({
    kind: z.enum(CHECK_IN_KIND_VALUES),
    lat: z.number().min(-90, POSITION_MESSAGES.latitudeInvalid).max(90, POSITION_MESSAGES.latitudeInvalid).optional(),
    lon: z.number().min(-180, POSITION_MESSAGES.longitudeInvalid).max(180, POSITION_MESSAGES.longitudeInvalid).optional(),
    note: limited(CHECK_IN_NOTE_LIMIT).default(''),
    /** When the member checked in on their device, for a check-in sent later (made without a connection); now when absent. */
    observed_at: isoInstant.optional(),
  })
  .strict()
  .meta({ id: 'CheckInRequest' });
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(['skipper', 'crew']) });

export const timelineEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  summary: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** A check-in made on a device without a connection: `at` is when it was made, this when it reached us. */
  received_at: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const coastguardSchema = z.object({ region: z.string(), name: z.string(), contacts: z.array(z.string()) });

/** The float plan as its skipper, its crew and (through the private link) its shore contacts read it. */
export const floatPlanSchema = z
  .object({
    voyage_id: z.string(),
    voyage_title: z.string(),
    version: z.number().int(),
    segment_order: z.number().int().nullable(),
    route: z.array(z.object({ from: z.string(), to: z.string(), distance_nm: z.number() })),
    departure_at: z.string(),
    expected_arrival_at: z.string(),
    overdue_alert_at: z.string(),
    boat_description: z.string(),
    call_sign: z.string(),
    notes: z.string(),
    skipper: z.object({ name: z.string(), phone: z.string() }),
    aboard: z.array(personSchema),
    /** Emergency contacts of those aboard who opted in (on accepting their crew agreement). */
    emergency_contacts: z.array(z.object({ for: z.string(), name: z.string(), relationship: z.string(), phone: z.string() })),
    shore_contacts: z.array(z.object({ name: z.string() })),
    status: z.enum(['filed', 'departed', 'arrived', 'overdue']),
    departed_at: z.string().nullable(),
    arrived_at: z.string().nullable(),
    overdue_at: z.string().nullable(),
    last_position: z.object({ lat: z.number(), lon: z.number(), at: z.string() }).nullable(),
    coastguard: coastguardSchema,
    timeline: z.array(timelineEntrySchema),
    /** Until when the shore contacts' private link works. */
    link_expires_at: z.string(),
    /** The IANA time zone of the plan's departure port: the page and the mails show its times in it. Null when the port has no position. */
    time_zone: z.string().nullable(),
  })
  .meta({ id: 'FloatPlan' });
export type FloatPlanResponse = z.infer<typeof floatPlanSchema>;

export const sailingLogEntrySchema = z.object({
  voyage_id: z.string(),
  voyage_title: z.string(),
  /** crew: confirmed by the skipper (or after 7 days); skipper: the member's own voyage, logged when completed. */
  role: z.enum(['crew', 'skipper']),
  skipper: z.object({ id: z.string(), name: z.string() }),
  /** When it entered the log: the skipper's confirmation (crew), or the completion (skipper). */
  confirmed_at: z.string(),
  confirmed_by: z.enum(['skipper', 'auto']),
  distance_nm: z.number().int(),
  days: z.number().int(),
  legs: z.array(z.object({ from: z.string(), to: z.string(), departure_date: z.string().nullable(), arrival_date: z.string().nullable(), distance_nm: z.number().int() })),
});

/** GET /api/users/{id}/sailing-log: verified legs only (sailed as crew and confirmed, or skippered and completed), newest voyage first; the totals count both. */
export const sailingLogSchema = z
  .object({
    user_id: z.string(),
    totals: z.object({ distance_nm: z.number().int(), days_at_sea: z.number().int(), voyages: z.number().int() }),
    entries: z.array(sailingLogEntrySchema),
  })
  .meta({ id: 'SailingLog' });
export type SailingLogResponse = z.infer<typeof sailingLogSchema>;

/** GET /api/voyages/{id}/trust: what the skipper and the crew see of agreements, the log and safety on the voyage page. */
export const voyageTrustSchema = z
  .object({
    role: z.enum(['skipper', 'crew']),
    crew: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        agreement: z.object({ id: z.string(), version: z.number().int(), accepted: z.boolean(), accepted_version: z.number().int().nullable() }).nullable(),
        sailing_log: z.enum(['pending', 'confirmed', 'removed']).nullable(),
      }),
    ),
    float_plan: floatPlanSchema.nullable(),
    timeline: z.array(timelineEntrySchema),
  })
  .meta({ id: 'VoyageTrust' });
export type VoyageTrustResponse = z.infer<typeof voyageTrustSchema>;

/** GET /api/agreements/awaiting: the signed-in crew member's agreements whose latest version they have not accepted, newest first. */
export const awaitingAgreementsSchema = z
  .object({
    agreements: z.array(
      z.object({
        id: z.string(),
        voyage_id: z.string(),
        voyage_title: z.string(),
        /** The latest version, the one to accept. */
        version: z.number().int(),
        /** An earlier version already accepted, or null when none was. */
        accepted_version: z.number().int().nullable(),
        issued_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'AwaitingAgreements' });
export type AwaitingAgreementsResponse = z.infer<typeof awaitingAgreementsSchema>;
export type AwaitingAgreement = AwaitingAgreementsResponse['agreements'][number];

export const trustActionSchema = z.object({ message: z.string() }).meta({ id: 'TrustAction' });
export type TrustActionResponse = z.infer<typeof trustActionSchema>;

export const checkInResponseSchema = trustActionSchema
  .extend({
    /** The check-in's id: a repeat of a request with the same Idempotency-Key answers the same id. */
    check_in_id: z.string(),
    trust: voyageTrustSchema,
  })
  .meta({ id: 'CheckInRecorded' });
export type CheckInRecordedResponse = z.infer<typeof checkInResponseSchema>;

export const trustRoutes = {
  sailingLog: {
    method: 'GET',
    path: trustPaths.sailingLog,
    summary: "A member's verified sailing log: totals (miles, days at sea, voyages) and the legs of each voyage sailed as confirmed crew or skippered to completion",
    tag: 'trust',
    auth: 'public',
    response: sailingLogSchema,
  },
  voyageTrust: {
    method: 'GET',
    path: trustPaths.voyageTrust,
    summary: 'Agreements, sailing-log status, float plan and timeline of a voyage (its skipper and accepted crew only)',
    tag: 'trust',
    auth: 'user',
    response: voyageTrustSchema,
    errors: [403, 404],
  },
  confirmSailingLog: {
    method: 'POST',
    path: trustPaths.confirmSailingLog,
    summary: 'Confirm that a crew member sailed a completed voyage: it enters their sailing log (the skipper only)',
    tag: 'trust',
    auth: 'user',
    response: voyageTrustSchema,
    errors: [403, 404, 409],
    readsOwnWrite: true,
  },
  removeFromSailingLog: {
    method: 'POST',
    path: trustPaths.removeFromSailingLog,
    summary: 'Leave a crew member who did not sail out of the sailing log (the skipper only)',
    tag: 'trust',
    auth: 'user',
    response: voyageTrustSchema,
    errors: [403, 404, 409],
    readsOwnWrite: true,
  },
  issueAgreement: {
    method: 'PUT',
    path: trustPaths.issueAgreement,
    summary: 'Issue (or change: a new version) the crew agreement of an accepted crew member (the skipper only)',
    tag: 'trust',
    auth: 'user',
    body: agreementTermsSchema,
    response: agreementSchema,
    errors: [403, 404, 409, 422],
    readsOwnWrite: true,
  },
  awaitingAgreements: {
    method: 'GET',
    path: trustPaths.awaitingAgreements,
    summary: 'Crew agreements the signed-in crew member has yet to accept (latest version not accepted), newest first',
    tag: 'trust',
    auth: 'user',
    response: awaitingAgreementsSchema,
  },
  agreement: {
    method: 'GET',
    path: trustPaths.agreement,
    summary: 'A crew agreement, its latest and accepted versions (its skipper and crew member only)',
    tag: 'trust',
    auth: 'user',
    response: agreementSchema,
    errors: [403, 404],
  },
  acceptAgreement: {
    method: 'POST',
    path: trustPaths.acceptAgreement,
    summary:
      'Accept the latest version of a crew agreement, naming the version read (409 when it is no longer the latest), optionally sharing the emergency contact on the float plan (its crew member only)',
    tag: 'trust',
    auth: 'user',
    body: acceptAgreementSchema,
    response: agreementSchema,
    errors: [403, 404, 409],
    readsOwnWrite: true,
  },
  fileFloatPlan: {
    method: 'PUT',
    path: trustPaths.fileFloatPlan,
    summary: 'File a new version of the float plan; the shore contacts are emailed it with a private link (the skipper only)',
    tag: 'trust',
    auth: 'user',
    body: floatPlanRequestSchema,
    response: voyageTrustSchema,
    errors: [403, 404, 409, 422],
    readsOwnWrite: true,
  },
  floatPlan: {
    method: 'GET',
    path: trustPaths.floatPlan,
    summary: "The float plan through a shore contact's private link (no account); 410 once the voyage is over",
    tag: 'trust',
    auth: 'public',
    response: floatPlanSchema,
    errors: [404, 410],
  },
  checkIn: {
    method: 'POST',
    path: trustPaths.checkIn,
    summary: 'Record departed, a position or arrived (the skipper or accepted crew); with an Idempotency-Key, a repeat is recorded once',
    tag: 'trust',
    auth: 'user',
    body: checkInRequestSchema,
    response: checkInResponseSchema,
    errors: [403, 404, 409, 422],
    errorCodes: { 400: ['INVALID_IDEMPOTENCY_KEY'], 409: ['IDEMPOTENCY_KEY_REUSED'] },
    requestHeaders: idempotencyKeyHeader('check-in', 'kind, position or note'),
    responseHeaders: idempotentReplayedHeader('check-in'),
    readsOwnWrite: true,
    status: 201,
  },
} as const satisfies Record<string, RouteContract>;
