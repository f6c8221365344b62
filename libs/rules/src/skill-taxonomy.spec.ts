import { describe, expect, it } from '@jest/globals';
import {
  POPULAR_SKILL_KEYS,
  SKILL_GROUPS,
  SKILL_KEYS_BY_GROUP,
  SKILL_TAXONOMY,
  normaliseGroupedSkills,
  normaliseSkillList,
  skillLabel,
  skillOf,
  storedSkillList,
} from './skill-taxonomy';

/** The voyage form's catalogue before the taxonomy, as stored in older voyage events. */
const OLD_VOYAGE_CATALOGUE = [
  'Navigation',
  'Night Watches',
  'Helm/Steering',
  'VHF Radio',
  'Cooking',
  'First Aid',
  'Sail Trim',
  'Reefing',
  'Spinnaker Handling',
  'Heavy Weather Sailing',
  'Docking',
  'Anchoring',
  'Mooring',
  'Line Handling',
  'Knot Tying',
  'Winch Work',
  'Celestial Navigation',
  'Chart Plotting',
  'GPS/Electronics',
  'Radar Operation',
  'Weather Routing',
  'Collision Avoidance',
  'Tidal Planning',
  'Diesel Engine Maintenance',
  'Electrical Systems',
  'Plumbing Systems',
  'Rigging Maintenance',
  'Sail Repair',
  'Fiberglass Repair',
  'Man Overboard Recovery',
  'Fire Safety',
  'Sea Survival',
  'Provisioning',
  'Watch Cooking',
  'Dinghy Handling',
  'Offshore Passages',
  'Ocean Crossing',
  'Racing',
  'Solo Watchkeeping',
  'Photography',
];

/** The crew profile's codes before the taxonomy, as stored in users.crew_skills. */
const OLD_CREW_GROUPS: Record<string, string[]> = {
  navigation: ['celestial_navigation', 'chart_plotting', 'gps_electronics', 'weather_routing', 'radar_operation', 'collision_avoidance'],
  sailing: ['sail_trim', 'reefing', 'spinnaker', 'heavy_weather', 'docking', 'anchoring'],
  technical: ['diesel_engine', 'electrical_systems', 'plumbing_systems', 'rigging_maintenance', 'sail_repair', 'fiberglass_repair'],
  safety: ['first_aid', 'man_overboard', 'fire_safety', 'damage_control', 'distress_signals', 'abandon_ship'],
  galley: ['provisioning', 'galley_cooking', 'food_preservation', 'water_conservation', 'watch_cooking', 'boat_cleaning'],
  experience: ['night_watches', 'solo_watch', 'offshore_passages', 'ocean_crossing', 'racing_experience', 'delivery_experience'],
};

describe('skill taxonomy', () => {
  it('is one list: unique keys and labels, every skill in one profile group, every group offered', () => {
    const keys = SKILL_TAXONOMY.map((skill) => skill.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SKILL_TAXONOMY.map((skill) => skill.label.toLowerCase())).size).toBe(keys.length);
    expect(SKILL_GROUPS.flatMap((group) => SKILL_KEYS_BY_GROUP[group]).sort()).toEqual([...keys].sort());
    for (const group of SKILL_GROUPS) expect(SKILL_KEYS_BY_GROUP[group].length).toBeGreaterThan(0);
    expect(POPULAR_SKILL_KEYS.map(skillLabel)).toEqual(['Navigation', 'Night Watches', 'Helm/Steering', 'VHF Radio', 'Cooking', 'First Aid']);
  });

  it('names every skill a voyage could ask for before, so a crew profile can hold each of them', () => {
    const profileKeys = new Set<string>(SKILL_GROUPS.flatMap((group) => SKILL_KEYS_BY_GROUP[group]));
    for (const label of OLD_VOYAGE_CATALOGUE) {
      const found = skillOf(label);
      expect(found).toBeDefined();
      expect(profileKeys.has(found!.key)).toBe(true);
    }
    expect(skillOf('Navigation')?.key).toBe('navigation');
    expect(skillOf('Line Handling')?.key).toBe('line_handling');
    expect(skillOf('Mooring')?.key).toBe('mooring');
    expect(skillOf('Knot Tying')?.key).toBe('knot_tying');
  });

  it('keeps every older profile code as the key of its own group', () => {
    for (const [group, codes] of Object.entries(OLD_CREW_GROUPS)) {
      for (const code of codes) expect(skillOf(code)).toMatchObject({ key: code, group });
    }
  });

  it('maps older names and free text onto the taxonomy, whatever the case or punctuation', () => {
    expect(skillOf('Chart plotting')?.key).toBe('chart_plotting');
    expect(skillOf('GPS electronics')?.key).toBe('gps_electronics');
    expect(skillOf('Gps electronics')?.key).toBe('gps_electronics');
    expect(skillOf('gps-electronics')?.key).toBe('gps_electronics');
    expect(skillOf(' night   watches ')?.key).toBe('night_watches');
    expect(skillOf('Spinnaker')?.key).toBe('spinnaker');
    expect(skillOf('Spinnaker handling')?.key).toBe('spinnaker');
    expect(skillOf('Helm')?.key).toBe('helm_steering');
    expect(skillOf('MOB')?.key).toBe('man_overboard');
    expect(skillOf('Galley cooking')?.key).toBe('galley_cooking');
    expect(skillOf('Cooking')?.key).toBe('galley_cooking');
    expect(skillOf('Fibreglass repair')?.key).toBe('fiberglass_repair');
    expect(skillOf('Ukulele')).toBeUndefined();
  });

  it('labels come from the taxonomy, never from a capitalised key', () => {
    expect(skillLabel('gps_electronics')).toBe('GPS/Electronics');
    expect(skillLabel('GPS electronics')).toBe('GPS/Electronics');
    expect(skillLabel('vhf_radio')).toBe('VHF Radio');
    expect(skillLabel('solo_watch')).toBe('Solo Watchkeeping');
    expect(skillLabel('racing_experience')).toBe('Racing');
    expect(skillLabel(' Ukulele ')).toBe('Ukulele');
    for (const skill of SKILL_TAXONOMY) expect(skillLabel(skill.key)).toBe(skill.label);
  });

  it('normalises a list to keys, each once, with the words naming no skill apart', () => {
    expect(normaliseSkillList(['Night Watches', 'night_watches', ' Cooking ', 'galley cooking', 'Ukulele', 'ukulele', ''])).toEqual({
      keys: ['night_watches', 'galley_cooking'],
      unknown: ['Ukulele'],
    });
    expect(storedSkillList(['Navigation', 'GPS electronics', 'Ukulele', 'navigation', 42])).toEqual(['navigation', 'gps_electronics', 'Ukulele']);
    expect(storedSkillList(['navigation', 'gps_electronics'])).toEqual(['navigation', 'gps_electronics']);
  });

  it('regroups a stored profile: older codes and words under their own groups, unknown values dropped', () => {
    const grouped = normaliseGroupedSkills({ navigation: ['Chart plotting', 'night_watches'], sailing: ['spinnaker', 'levitation'], other: ['GPS electronics'] });
    expect(grouped).toEqual({
      navigation: ['chart_plotting', 'gps_electronics'],
      sailing: ['spinnaker'],
      technical: [],
      safety: [],
      galley: [],
      experience: ['night_watches'],
    });
    // An older profile keeps every code in its group (in the taxonomy's display order).
    const older = normaliseGroupedSkills(OLD_CREW_GROUPS);
    for (const [group, codes] of Object.entries(OLD_CREW_GROUPS)) expect([...older[group as keyof typeof older]].sort()).toEqual([...codes].sort());
    expect(normaliseGroupedSkills(null)).toEqual({ navigation: [], sailing: [], technical: [], safety: [], galley: [], experience: [] });
  });
});
