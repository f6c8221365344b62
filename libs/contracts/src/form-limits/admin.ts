/**
 * Limits of the admin forms, stated once: the contract's zod schemas and the
 * web client's fields (maxLength, counters) both read them. Zod-free, so the
 * client can use them without loading the schema library.
 */
import { PLATFORM_CONFIG_LIMITS as PLATFORM } from '@crew/rules';

/** A suspension's reason (required, kept in the audit trail and mailed to the member). */
export const SUSPENSION_REASON = { min: 1, max: 500 } as const;

/** An email an administrator sends a member (admin_contact, admin_voyage_contact). */
export const ADMIN_EMAIL = { subject: { min: 1, max: 200 }, message: { min: 1, max: 5000 } } as const;

/** The admin lists' search box (users, voyages). */
export const ADMIN_SEARCH_MAX = 200;

/**
 * Limits of the config screen's controls, for the
 * forms: the domain's own limits (PLATFORM_CONFIG_LIMITS), as the controls read them.
 */
export const CONFIG_LIMITS = {
  rollout: { min: PLATFORM.rolloutMin, max: PLATFORM.rolloutMax, step: PLATFORM.rolloutStep },
  freeTrialDays: { min: PLATFORM.freeTrialMinDays, max: PLATFORM.freeTrialMaxDays, step: 1 },
  priceGbp: { min: PLATFORM.priceMinGbp, step: PLATFORM.priceStepGbp },
  descriptionMaxLength: PLATFORM.descriptionMaxLength,
} as const;

/* The support desk: campaigns, email templates and the knowledge base. */
export const CAMPAIGN_SUBJECT = { min: 1, max: 200 } as const;
export const CAMPAIGN_MESSAGE = { min: 1, max: 20_000 } as const;
export const TEMPLATE_SUBJECT = { min: 1, max: 200 } as const;
export const TEMPLATE_BODY = { min: 1, max: 20_000 } as const;
/** A template's call-to-action button: its label and link. */
export const TEMPLATE_ACTION = { labelMax: 80, urlMax: 500 } as const;
export const KB_TITLE = { min: 3, max: 200 } as const;
export const KB_SUMMARY = { max: 500 } as const;
export const KB_BODY = { min: 1, max: 50_000 } as const;
export const KB_CATEGORY_NAME = { min: 2, max: 60 } as const;
