/**
 * Every list, limit and message the domain, the contracts and the web client
 * share, stated once. The domain decides with these values, the contracts'
 * schemas check them at the door and the web's forms show them.
 *
 * This library imports nothing (no zod, no other library): any layer may read
 * it. It has no side effects (its package.json says so), so the web's bundles
 * keep only the values a page reads.
 */
export * from './voyage-rules';
export * from './text-rules';
export * from './review-rules';
export * from './ticket-rules';
export * from './trust-rules';
export * from './platform-config-rules';
export * from './admin-rules';
export * from './account-rules';
export * from './subscription-rules';
// Refusals only forms, schemas and the domain say: modules of their own, so a
// page that reads a limit does not load them.
export * from './review-messages';
export * from './ticket-messages';
export * from './trust-messages';
export * from './skill-taxonomy';
export * from './member-trust';
export * from './phone-verification-rules';
export * from './account-self-service-rules';
export * from './two-factor-rules';
export * from './identity-verification-rules';
export * from './locales';
// The id a catalogue's message has in compiled code.
export * from './message-ids';
// Texts with values, and how a shared text is said in a language (libs/rules/locales).
export * from './shared-texts';
