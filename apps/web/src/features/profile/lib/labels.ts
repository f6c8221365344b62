import type { BoatResponse, CREW_EXPECTATION_GROUPS, EXPERIENCE_TYPES } from '@crew/contracts';
import type { SkillGroup } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeLabel } from '../../../lib/code-labels';

/*
 * What the codes only a profile shows read as, in the page's language: one
 * message per code, looked up when shown (never at load, before the language is
 * active). A code without a message shows as it came. Boat types are in
 * lib/code-labels.ts, skill and equipment names in lib/skill-labels.ts.
 */

type ExperienceType = (typeof EXPERIENCE_TYPES)[number];
type BoatType = BoatResponse['boat_type'];
type EquipmentGroup = keyof BoatResponse['equipment'];
type ExpectationGroup = keyof typeof CREW_EXPECTATION_GROUPS;
type ExpectationCode = (typeof CREW_EXPECTATION_GROUPS)[ExpectationGroup][number];
export type ExpectationLevel = 'essential' | 'preferred' | 'welcome';

const EXPERIENCE_TYPE: Record<ExperienceType, MessageDescriptor> = {
  day_sailing: msg`Day sailing`,
  overnight: msg`Overnight`,
  racing: msg`Racing`,
  bareboat: msg`Bareboat`,
  delivery: msg`Delivery`,
  instruction: msg`Instruction`,
};

/** A boat type inside a line of details ("Bavaria 38 · 38 ft · motor yacht"). */
const BOAT_TYPE_IN_LINE: Record<BoatType, MessageDescriptor> = {
  monohull: msg`monohull`,
  catamaran: msg`catamaran`,
  trimaran: msg`trimaran`,
  motor_yacht: msg`motor yacht`,
  motorsailer: msg`motorsailer`,
  other: msg`other`,
};

const EQUIPMENT_GROUP: Record<EquipmentGroup, MessageDescriptor> = {
  safety: msg`Safety equipment`,
  navigation: msg`Navigation equipment`,
  comfort: msg`Comfort equipment`,
};

const EXPECTATION_GROUP: Record<ExpectationGroup, MessageDescriptor> = {
  watch_system: msg`Watch system`,
  maintenance: msg`Maintenance`,
  galley: msg`Galley`,
  experience: msg`Experience`,
  financial: msg`Financial`,
  personal: msg`Personal`,
};

const EXPECTATION: Record<ExpectationCode, MessageDescriptor> = {
  night_watches: msg`Night watches`,
  watch_length: msg`Watch length`,
  solo_watchkeeping: msg`Solo watchkeeping`,
  general_maintenance: msg`General maintenance`,
  sail_handling: msg`Sail handling`,
  line_handling: msg`Line handling`,
  cooking_rotation: msg`Cooking rotation`,
  meal_planning: msg`Meal planning`,
  provisioning: msg`Provisioning`,
  minimum_experience: msg`Minimum experience`,
  offshore_experience: msg`Offshore experience`,
  certifications: msg`Certifications`,
  fuel_sharing: msg`Fuel sharing`,
  food_costs: msg`Food costs`,
  marina_fees: msg`Marina fees`,
  flexibility: msg`Flexibility`,
  team_player: msg`Team player`,
  language_skills: msg`Language skills`,
};

const EXPECTATION_LEVEL: Record<ExpectationLevel, MessageDescriptor> = {
  essential: msg`Essential (must have)`,
  preferred: msg`Preferred (really helpful)`,
  welcome: msg`Welcome (happy to teach)`,
};

const SKILL_GROUP: Record<SkillGroup, MessageDescriptor> = {
  navigation: msg`Navigation and communications`,
  sailing: msg`Sailing and boat handling`,
  technical: msg`Engine, systems and repairs`,
  safety: msg`Safety and first aid`,
  galley: msg`Galley and life aboard`,
  experience: msg`Watchkeeping and passages`,
};

/** "Day sailing", "Bareboat". */
export const experienceTypeLabel = (type: string): string => codeLabel(EXPERIENCE_TYPE, type);
/** "monohull", "motor yacht": a boat type within a sentence. */
export const boatTypeInLine = (type: string): string => codeLabel(BOAT_TYPE_IN_LINE, type);
/** "Safety equipment". */
export const equipmentGroupLabel = (group: EquipmentGroup): string => codeLabel(EQUIPMENT_GROUP, group);
/** "Watch system", "Galley". */
export const expectationGroupLabel = (group: string): string => codeLabel(EXPECTATION_GROUP, group);
/** "Night watches", "Marina fees". */
export const expectationLabel = (code: string): string => codeLabel(EXPECTATION, code);
/** "Essential (must have)". */
export const expectationLevelLabel = (level: ExpectationLevel): string => codeLabel(EXPECTATION_LEVEL, level);
/** "Navigation and communications". */
export const skillGroupLabel = (group: SkillGroup): string => codeLabel(SKILL_GROUP, group);
