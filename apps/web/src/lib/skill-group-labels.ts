import type { SkillGroup } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeLabel } from './code-labels';

/** The names of the skill groups in the page's language (the words of SKILL_GROUP_LABELS): the profile's and an applicant's skills show under them. */
const SKILL_GROUP: Record<SkillGroup, MessageDescriptor> = {
  navigation: msg`Navigation and communications`,
  sailing: msg`Sailing and boat handling`,
  technical: msg`Engine, systems and repairs`,
  safety: msg`Safety and first aid`,
  galley: msg`Galley and life aboard`,
  experience: msg`Watchkeeping and passages`,
};

/** A skill group's name ("Navigation and communications"). */
export const skillGroupLabel = (group: SkillGroup): string => codeLabel(SKILL_GROUP, group);
