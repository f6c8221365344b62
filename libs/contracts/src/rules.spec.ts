/**
 * One copy of every list, limit and message the domain and the contracts
 * share: the contracts' names are the values of libs/rules (the same objects,
 * not equal restatements), and the schemas refuse exactly one past each limit.
 * A copy typed again in libs/contracts, or a schema given a literal in place
 * of the shared constant, fails here. libs/domain/src/shared/rules.spec.ts
 * proves the same from the domain's side.
 */
import type { z } from 'zod';
import * as rules from '@crew/rules';
import {
  ACCESS_NEXT_STEPS,
  ACCESS_REASONS,
  accessListChangeRequestSchema,
  AGREEMENT_LIMITS,
  APPLICATION_MESSAGE,
  APPLICATION_STATUSES,
  applyRequestSchema,
  calendarDate,
  INVALID_TEXT_MESSAGE,
  moderateVoyageRequestSchema,
  subscriptionActionRequestSchema,
  suspendVoyageRequestSchema,
  CHECK_IN_KIND_VALUES,
  CHECK_IN_NOTE_LIMIT,
  checkInRequestSchema,
  CONFIG_LIMITS,
  CONTRIBUTION_AMOUNT_MAX,
  CONTRIBUTION_TYPE_VALUES,
  CREW_NEEDED_LIMITS,
  createReviewRequestSchema,
  CURRENCY_VALUES,
  EXPERIENCE_LEVEL_VALUES,
  FLOAT_PLAN_FIELD_LIMITS,
  floatPlanRequestSchema,
  isCalendarDate,
  isCleanText,
  CALENDAR_YEARS,
  MAX_MANUAL_DISTANCE_NM,
  MAX_VOYAGE_LEGS,
  MAX_VOYAGE_SKILLS,
  openTicketRequestSchema,
  REVIEW_RATING,
  REVIEW_REVEAL_DAYS,
  REVIEW_TEXT,
  rolloutPercentageRequestSchema,
  SUBSCRIPTION_STATES,
  TICKET_DESCRIPTION,
  TICKET_PRIORITY_VALUES,
  TICKET_REPLY,
  TICKET_STATUS_VALUES,
  TICKET_TITLE,
  USER_TYPES,
  VOYAGE_MESSAGES,
  VOYAGE_STATUSES,
  VOYAGE_TEXT_MAX,
  VOYAGE_TITLE_MIN,
  voyageRequestSchema,
  voyageStatusChangeSchema,
} from './index';
import * as constants from './constants';

/** The messages a schema gives for one field of a body (none: the field is fine). */
function issuesAt(schema: z.ZodType, body: unknown, field: string): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

const text = (length: number): string => 'a'.repeat(length);

describe('the contracts restate nothing libs/rules states', () => {
  it.each([
    ['VOYAGE_STATUSES', VOYAGE_STATUSES, rules.VOYAGE_STATUSES],
    ['CONTRIBUTION_TYPE_VALUES', CONTRIBUTION_TYPE_VALUES, rules.CONTRIBUTION_TYPES],
    ['CURRENCY_VALUES', CURRENCY_VALUES, rules.CURRENCIES],
    ['EXPERIENCE_LEVEL_VALUES', EXPERIENCE_LEVEL_VALUES, rules.EXPERIENCE_LEVELS],
    ['CREW_NEEDED_LIMITS', CREW_NEEDED_LIMITS, rules.CREW_NEEDED],
    ['VOYAGE_TEXT_MAX', VOYAGE_TEXT_MAX, rules.VOYAGE_TEXT_LIMITS],
    ['VOYAGE_MESSAGES', VOYAGE_MESSAGES, rules.VOYAGE_MESSAGES],
    ['APPLICATION_STATUSES', APPLICATION_STATUSES, rules.APPLICATION_STATUSES],
    ['APPLICATION_MESSAGE', APPLICATION_MESSAGE, rules.APPLICATION_MESSAGE],
    ['REVIEW_RATING', REVIEW_RATING, rules.REVIEW_RATING],
    ['REVIEW_TEXT', REVIEW_TEXT, rules.REVIEW_TEXT],
    ['TICKET_PRIORITY_VALUES', TICKET_PRIORITY_VALUES, rules.TICKET_PRIORITIES],
    ['TICKET_STATUS_VALUES', TICKET_STATUS_VALUES, rules.TICKET_STATUSES],
    ['TICKET_TITLE', TICKET_TITLE, rules.TICKET_TEXT_LIMITS.title],
    ['TICKET_DESCRIPTION', TICKET_DESCRIPTION, rules.TICKET_TEXT_LIMITS.description],
    ['TICKET_REPLY', TICKET_REPLY, rules.TICKET_TEXT_LIMITS.reply],
    ['AGREEMENT_LIMITS', AGREEMENT_LIMITS, rules.AGREEMENT_TEXT_LIMITS],
    ['CHECK_IN_KIND_VALUES', CHECK_IN_KIND_VALUES, rules.CHECK_IN_KINDS],
    ['isCalendarDate', isCalendarDate, rules.isCalendarDate],
    ['isCleanText', isCleanText, rules.isCleanText],
    ['CALENDAR_YEARS', CALENDAR_YEARS, rules.CALENDAR_YEARS],
    ['ACCESS_REASONS', ACCESS_REASONS, rules.ACCESS_REASONS],
    ['ACCESS_NEXT_STEPS', ACCESS_NEXT_STEPS, rules.ACCESS_NEXT_STEPS],
    ['SUBSCRIPTION_STATES', SUBSCRIPTION_STATES, rules.SUBSCRIPTION_STATES],
    ['USER_TYPES', USER_TYPES, rules.USER_TYPES],
  ] as const)('%s is the shared value itself', (_name, contract, shared) => {
    expect(contract).toBe(shared);
  });

  it('states each single number once', () => {
    expect([MAX_VOYAGE_SKILLS, MAX_MANUAL_DISTANCE_NM, MAX_VOYAGE_LEGS, VOYAGE_TITLE_MIN, CONTRIBUTION_AMOUNT_MAX, REVIEW_REVEAL_DAYS, CHECK_IN_NOTE_LIMIT]).toEqual([
      rules.MAX_VOYAGE_SKILLS,
      rules.MAX_MANUAL_DISTANCE_NM,
      rules.MAX_VOYAGE_LEGS,
      rules.TITLE_MIN_LENGTH,
      rules.MAX_CONTRIBUTION_AMOUNT,
      rules.REVIEW_REVEAL_DAYS,
      rules.CHECK_IN_NOTE_MAX,
    ]);
    expect(FLOAT_PLAN_FIELD_LIMITS).toMatchObject({
      boatDescription: rules.FLOAT_PLAN_LIMITS.boatDescription,
      callSign: rules.FLOAT_PLAN_LIMITS.callSign,
      notes: rules.FLOAT_PLAN_LIMITS.notes,
      maxContacts: rules.FLOAT_PLAN_LIMITS.shoreContacts.max,
    });
    const platform = rules.PLATFORM_CONFIG_LIMITS;
    expect(CONFIG_LIMITS).toEqual({
      rollout: { min: platform.rolloutMin, max: platform.rolloutMax, step: platform.rolloutStep },
      freeTrialDays: { min: platform.freeTrialMinDays, max: platform.freeTrialMaxDays, step: 1 },
      priceGbp: { min: platform.priceMinGbp, step: platform.priceStepGbp },
      descriptionMaxLength: platform.descriptionMaxLength,
    });
  });

  it('the zod-free entry the web reads gives the same values', () => {
    expect(constants.VOYAGE_STATUSES).toBe(rules.VOYAGE_STATUSES);
    expect(constants.CURRENCY_VALUES).toBe(rules.CURRENCIES);
    expect(constants.APPLICATION_MESSAGE).toBe(rules.APPLICATION_MESSAGE);
    expect(constants.VOYAGE_TEXT_MAX).toBe(rules.VOYAGE_TEXT_LIMITS);
    expect(constants.TICKET_PRIORITY_VALUES).toBe(rules.TICKET_PRIORITIES);
    expect(constants.REVIEW_TEXT).toBe(rules.REVIEW_TEXT);
    expect(constants.AGREEMENT_LIMITS).toBe(rules.AGREEMENT_TEXT_LIMITS);
  });
});

describe('the schemas enforce the shared limits, not numbers of their own', () => {
  it('voyage: title, description, crew, skills, legs, distance and contribution', () => {
    const limits = rules.VOYAGE_TEXT_LIMITS;
    expect(issuesAt(voyageRequestSchema, { title: text(limits.title) }, 'title')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { title: text(limits.title + 1) }, 'title')).toEqual([rules.VOYAGE_MESSAGES.titleTooLong]);
    expect(issuesAt(voyageRequestSchema, { description: text(limits.description) }, 'description')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { description: text(limits.description + 1) }, 'description')).not.toEqual([]);
    expect(issuesAt(voyageRequestSchema, { contribution_details: text(limits.contributionDetails + 1) }, 'contribution_details')).not.toEqual([]);
    expect(issuesAt(voyageRequestSchema, { custom_voyage_notes: text(limits.customNotes + 1) }, 'custom_voyage_notes')).not.toEqual([]);
    expect(issuesAt(voyageRequestSchema, { contribution_amount: rules.MAX_CONTRIBUTION_AMOUNT }, 'contribution_amount')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { contribution_amount: rules.MAX_CONTRIBUTION_AMOUNT + 1 }, 'contribution_amount')).not.toEqual([]);

    const requirements = (crew_needed: number, skills: string[] = []) => issuesAt(voyageRequestSchema, { requirements: { crew_needed, skills } }, 'requirements');
    expect(requirements(rules.CREW_NEEDED.min)).toEqual([]);
    expect(requirements(rules.CREW_NEEDED.max)).toEqual([]);
    expect(requirements(rules.CREW_NEEDED.min - 1)).toEqual([rules.VOYAGE_MESSAGES.crewNeededRange]);
    expect(requirements(rules.CREW_NEEDED.max + 1)).toEqual([rules.VOYAGE_MESSAGES.crewNeededRange]);
    const skills = (count: number) => Array.from({ length: count }, (_, index) => `skill ${index}`);
    expect(requirements(4, skills(rules.MAX_VOYAGE_SKILLS))).toEqual([]);
    expect(requirements(4, skills(rules.MAX_VOYAGE_SKILLS + 1))).toEqual([rules.VOYAGE_MESSAGES.tooManySkills]);
    expect(requirements(4, [text(limits.skill)])).toEqual([]);
    expect(requirements(4, [text(limits.skill + 1)])).not.toEqual([]);

    const legs = (count: number) => Array.from({ length: count }, () => ({}));
    expect(issuesAt(voyageRequestSchema, { segments: legs(rules.MAX_VOYAGE_LEGS) }, 'segments')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { segments: legs(rules.MAX_VOYAGE_LEGS + 1) }, 'segments')).toEqual([rules.VOYAGE_MESSAGES.tooManyLegs]);
    expect(issuesAt(voyageRequestSchema, { segments: [{ distance_nm: rules.MAX_MANUAL_DISTANCE_NM }] }, 'segments')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { segments: [{ distance_nm: rules.MAX_MANUAL_DISTANCE_NM + 1 }] }, 'segments')).toEqual([rules.VOYAGE_MESSAGES.distanceTooLarge]);
  });

  it('voyage lists: every status, currency, contribution type and level, and nothing else', () => {
    for (const status of rules.VOYAGE_STATUSES) expect(voyageStatusChangeSchema.safeParse({ status }).success).toBe(true);
    expect(voyageStatusChangeSchema.safeParse({ status: 'draft' }).success).toBe(false);
    for (const currency of rules.CURRENCIES) expect(issuesAt(voyageRequestSchema, { contribution_currency: currency }, 'contribution_currency')).toEqual([]);
    expect(issuesAt(voyageRequestSchema, { contribution_currency: 'CHF' }, 'contribution_currency')).not.toEqual([]);
    for (const type of rules.CONTRIBUTION_TYPES) expect(issuesAt(voyageRequestSchema, { contribution_type: type }, 'contribution_type')).toEqual([]);
    for (const level of rules.EXPERIENCE_LEVELS) expect(issuesAt(voyageRequestSchema, { requirements: { crew_needed: 4, min_experience: level } }, 'requirements')).toEqual([]);
  });

  it('apply: the message from its minimum to its maximum, with the domain’s words', () => {
    const apply = (message: string) => issuesAt(applyRequestSchema, { voyage_id: '00000000-0000-4000-8000-000000000000', message }, 'message');
    expect(apply(text(rules.APPLICATION_MESSAGE.min))).toEqual([]);
    expect(apply(text(rules.APPLICATION_MESSAGE.max))).toEqual([]);
    expect(apply(text(rules.APPLICATION_MESSAGE.min - 1))).toEqual([rules.APPLICATION_MESSAGE_TEXTS.tooShort]);
    expect(apply(text(rules.APPLICATION_MESSAGE.max + 1))).toEqual([rules.APPLICATION_MESSAGE_TEXTS.tooLong]);
  });

  it('reviews: stars and text', () => {
    const review = (rating: number, body: string) => createReviewRequestSchema.safeParse({ reviewee_id: '00000000-0000-4000-8000-000000000000', rating, text: body }).success;
    expect(review(rules.REVIEW_RATING.min, text(rules.REVIEW_TEXT.min))).toBe(true);
    expect(review(rules.REVIEW_RATING.max, text(rules.REVIEW_TEXT.max))).toBe(true);
    expect(review(rules.REVIEW_RATING.min - 1, text(rules.REVIEW_TEXT.min))).toBe(false);
    expect(review(rules.REVIEW_RATING.max + 1, text(rules.REVIEW_TEXT.min))).toBe(false);
    expect(review(rules.REVIEW_RATING.max, text(rules.REVIEW_TEXT.min - 1))).toBe(false);
    expect(review(rules.REVIEW_RATING.max, text(rules.REVIEW_TEXT.max + 1))).toBe(false);
  });

  it('reviews: refused with the shared words', () => {
    const words = (rating: unknown, body: string) => issuesAt(createReviewRequestSchema, { reviewee_id: '00000000-0000-4000-8000-000000000000', rating, text: body }, 'rating');
    const textWords = (body: string) => issuesAt(createReviewRequestSchema, { reviewee_id: '00000000-0000-4000-8000-000000000000', rating: 5, text: body }, 'text');
    expect(words(rules.REVIEW_RATING.max + 1, text(rules.REVIEW_TEXT.min))).toEqual([rules.REVIEW_MESSAGES.ratingInvalid]);
    expect(words(4.5, text(rules.REVIEW_TEXT.min))).toEqual([rules.REVIEW_MESSAGES.ratingInvalid]);
    expect(words('five', text(rules.REVIEW_TEXT.min))).toEqual([rules.REVIEW_MESSAGES.ratingInvalid]);
    expect(textWords(text(rules.REVIEW_TEXT.min - 1))).toEqual([rules.REVIEW_MESSAGES.textTooShort]);
    expect(textWords(text(rules.REVIEW_TEXT.max + 1))).toEqual([rules.REVIEW_MESSAGES.textTooLong]);
    expect(textWords(`${text(rules.REVIEW_TEXT.min)}\u0000`)).toEqual([rules.disallowedCharactersMessage()]);
    expect(INVALID_TEXT_MESSAGE).toBe(rules.disallowedCharactersMessage());
  });

  it('an administrator’s reasons and notes: the one shared limit', () => {
    expect(issuesAt(suspendVoyageRequestSchema, { reason: text(rules.ADMIN_REASON_MAX) }, 'reason')).toEqual([]);
    expect(issuesAt(suspendVoyageRequestSchema, { reason: text(rules.ADMIN_REASON_MAX + 1) }, 'reason')).not.toEqual([]);
    expect(issuesAt(moderateVoyageRequestSchema, { action: 'review', notes: text(rules.ADMIN_REASON_MAX + 1) }, 'notes')).not.toEqual([]);
    expect(issuesAt(subscriptionActionRequestSchema, { action: 'grant', reason: text(rules.ADMIN_REASON_MAX) }, 'reason')).toEqual([]);
    expect(issuesAt(subscriptionActionRequestSchema, { action: 'grant', reason: text(rules.ADMIN_REASON_MAX + 1) }, 'reason')).not.toEqual([]);
  });

  it('support tickets: subject, description and priority', () => {
    const { title, description } = rules.TICKET_TEXT_LIMITS;
    const open = (body: object, field: string) => issuesAt(openTicketRequestSchema, { title: text(title.min), description: text(description.min), ...body }, field);
    expect(open({ title: text(title.max) }, 'title')).toEqual([]);
    expect(open({ title: text(title.min - 1) }, 'title')).not.toEqual([]);
    expect(open({ title: text(title.max + 1) }, 'title')).not.toEqual([]);
    expect(open({ description: text(description.max) }, 'description')).toEqual([]);
    expect(open({ description: text(description.min - 1) }, 'description')).not.toEqual([]);
    expect(open({ description: text(description.max + 1) }, 'description')).not.toEqual([]);
    for (const priority of rules.TICKET_PRIORITIES) expect(open({ priority }, 'priority')).toEqual([]);
    expect(open({ priority: 'critical' }, 'priority')).toEqual([rules.TICKET_MESSAGES.priorityInvalid]);
  });

  it('trust: agreement terms, float plan contacts and check-in notes', () => {
    expect(issuesAt(checkInRequestSchema, { kind: 'position', note: text(rules.CHECK_IN_NOTE_MAX) }, 'note')).toEqual([]);
    expect(issuesAt(checkInRequestSchema, { kind: 'position', note: text(rules.CHECK_IN_NOTE_MAX + 1) }, 'note')).not.toEqual([]);
    for (const kind of rules.CHECK_IN_KINDS) expect(issuesAt(checkInRequestSchema, { kind }, 'kind')).toEqual([]);
    expect(issuesAt(checkInRequestSchema, { kind: 'position', lat: 91, lon: 0 }, 'lat')).toEqual([rules.POSITION_MESSAGES.latitudeInvalid]);
    expect(issuesAt(checkInRequestSchema, { kind: 'position', lat: 0, lon: -181 }, 'lon')).toEqual([rules.POSITION_MESSAGES.longitudeInvalid]);
    const contact = { name: 'Ann', email: 'ann@example.com' };
    const contacts = (count: number) => issuesAt(floatPlanRequestSchema, { shore_contacts: Array.from({ length: count }, () => contact) }, 'shore_contacts');
    expect(contacts(rules.FLOAT_PLAN_LIMITS.shoreContacts.min)).toEqual([]);
    expect(contacts(rules.FLOAT_PLAN_LIMITS.shoreContacts.max)).toEqual([]);
    expect(contacts(rules.FLOAT_PLAN_LIMITS.shoreContacts.min - 1)).not.toEqual([]);
    expect(contacts(rules.FLOAT_PLAN_LIMITS.shoreContacts.max + 1)).not.toEqual([]);
    expect(issuesAt(floatPlanRequestSchema, { boat_description: text(rules.FLOAT_PLAN_LIMITS.boatDescription + 1) }, 'boat_description')).not.toEqual([]);
  });

  it('platform config: the access lists are the shared ones', () => {
    const change = (list_type: string) => issuesAt(accessListChangeRequestSchema, { action: 'add', user_id: '00000000-0000-4000-8000-000000000000', list_type }, 'list_type');
    for (const list of rules.ACCESS_LIST_TYPES) expect(change(list)).toEqual([]);
    expect(change('vip')).not.toEqual([]);
  });

  it('platform config: the rollout moves from its minimum to its maximum in its steps', () => {
    const { rolloutMin, rolloutMax, rolloutStep } = rules.PLATFORM_CONFIG_LIMITS;
    const rollout = (percentage: number) => rolloutPercentageRequestSchema.safeParse({ percentage }).success;
    expect([rollout(rolloutMin), rollout(rolloutMax), rollout(rolloutMin + rolloutStep)]).toEqual([true, true, true]);
    expect([rollout(rolloutMin - rolloutStep), rollout(rolloutMax + rolloutStep), rollout(rolloutMin + 1)]).toEqual([false, false, false]);
  });

  it('dates: the calendar years, at the edges and one past', () => {
    const date = calendarDate();
    expect(date.safeParse(`${rules.CALENDAR_YEARS.min}-01-01`).success).toBe(true);
    expect(date.safeParse(`${rules.CALENDAR_YEARS.max}-12-31`).success).toBe(true);
    expect(date.safeParse(`${rules.CALENDAR_YEARS.min - 1}-12-31`).success).toBe(false);
    expect(date.safeParse(`${rules.CALENDAR_YEARS.max + 1}-01-01`).success).toBe(false);
    // Refused with the shared words (the domain refuses a date with the same `invalid` text).
    expect(date.safeParse('2027-02-30').error?.issues.map((issue) => issue.message)).toEqual([rules.CALENDAR_DATE_MESSAGES.invalid]);
    expect(date.safeParse('1 July 2027').error?.issues.map((issue) => issue.message)).toContain(rules.CALENDAR_DATE_MESSAGES.format);
  });
});
