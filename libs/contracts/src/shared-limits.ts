/**
 * The lists and limits the domain enforces and the contracts check at the
 * door, stated once in the domain's import-free shared rules and re-exported
 * here (eslint.config.mjs allows contracts to read ../../domain/src/shared-rules/*).
 * The contracts' own names (CURRENCY_VALUES, VOYAGE_TEXT_MAX, ...) are these
 * same values under the names the web client reads; shared-limits.spec.ts
 * fails if one of them is restated instead.
 *
 * Kept apart from shared-rules.ts (the skill taxonomy and member trust) so the
 * zod-free `@crew/contracts/constants` entry loads only these small lists.
 */
export * from '../../domain/src/shared-rules/voyage-rules';
export * from '../../domain/src/shared-rules/text-rules';
export * from '../../domain/src/shared-rules/review-rules';
export * from '../../domain/src/shared-rules/ticket-rules';
export * from '../../domain/src/shared-rules/trust-rules';
export * from '../../domain/src/shared-rules/platform-config-rules';
