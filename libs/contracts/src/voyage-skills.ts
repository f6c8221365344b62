import { POPULAR_SKILL_KEYS, SKILL_TAXONOMY, skillLabel } from '@crew/rules';

/**
 * The voyage form suggests skills from the one taxonomy (the
 * same list the crew profile offers, see libs/rules/src/skill-taxonomy.ts) and preselects none,
 * offering the popular ones with one click. The API takes labels, keys or
 * older names and answers with labels.
 */
export const VOYAGE_SKILL_CATALOGUE: readonly string[] = SKILL_TAXONOMY.map((entry) => entry.label);

/** Offered with one click on a new voyage. */
export const POPULAR_VOYAGE_SKILLS: readonly string[] = POPULAR_SKILL_KEYS.map(skillLabel);
