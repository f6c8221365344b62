import { APPLICATION_STATUS_LABELS, BOAT_EQUIPMENT_LABELS, CONTRIBUTION_TYPE_LABELS, EXPERIENCE_LEVEL_LABELS, VOYAGE_STATUS_LABELS } from '@crew/contracts/constants';
import { SKILL_TAXONOMY } from '@crew/rules';
import { describe, expect, it } from '@jest/globals';
import { applicationStatusLabel, boatTypeLabel, contributionTypeLabel, experienceLevelLabel, voyageStatusLabel } from './code-labels';
import { equipmentName, skillKeyName, skillName, skillOfTyped } from './skill-labels';

describe('labels in English', () => {
  it('read as the contracts and the skill list word them', () => {
    for (const [status, label] of Object.entries(VOYAGE_STATUS_LABELS)) expect(voyageStatusLabel(status as keyof typeof VOYAGE_STATUS_LABELS)).toBe(label);
    for (const [type, label] of Object.entries(CONTRIBUTION_TYPE_LABELS)) expect(contributionTypeLabel(type as keyof typeof CONTRIBUTION_TYPE_LABELS)).toBe(label);
    for (const [level, label] of Object.entries(EXPERIENCE_LEVEL_LABELS)) expect(experienceLevelLabel(level as keyof typeof EXPERIENCE_LEVEL_LABELS)).toBe(label);
    for (const [status, label] of Object.entries(APPLICATION_STATUS_LABELS)) expect(applicationStatusLabel(status as keyof typeof APPLICATION_STATUS_LABELS)).toBe(label);
    for (const [code, label] of Object.entries(BOAT_EQUIPMENT_LABELS)) expect(equipmentName(code)).toBe(label);
    for (const skill of SKILL_TAXONOMY) expect(skillKeyName(skill.key)).toBe(skill.label);
    expect(boatTypeLabel('motor_yacht')).toBe('Motor yacht');
  });

  it('names a stored skill by its label, and a value naming none as written', () => {
    expect(skillName('night_watches')).toBe('Night Watches');
    expect(skillName('MOB')).toBe('Man Overboard Recovery');
    expect(skillName(' Ukulele ')).toBe('Ukulele');
    expect(skillOfTyped('galley cooking')?.key).toBe('galley_cooking');
    expect(equipmentName('bow_thruster')).toBe('Bow thruster');
  });
});
