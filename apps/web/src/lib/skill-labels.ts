import type { BoatResponse } from '@crew/contracts';
import { SKILL_TAXONOMY, skillOf, type SkillKey } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';

/*
 * Boat equipment and crew skills in the page's language: apart from the
 * statuses and kinds (code-labels.ts), since only the screens that show skills
 * or equipment (a voyage, the voyage form, the profile, an applicant) import
 * them, and the browse list need not carry 47 skills.
 */

type EquipmentCode = BoatResponse['equipment'][keyof BoatResponse['equipment']][number];

const EQUIPMENT: Record<EquipmentCode, MessageDescriptor> = {
  life_raft: msg`Life raft`,
  epirb: msg`EPIRB`,
  first_aid: msg`First aid kit`,
  fire_extinguisher: msg`Fire extinguisher`,
  life_jackets: msg`Life jackets`,
  flares: msg`Flares`,
  dan_buoy: msg`Dan buoy`,
  gps: msg`GPS`,
  radar: msg`Radar`,
  autopilot: msg`Autopilot`,
  chartplotter: msg`Chartplotter`,
  compass: msg`Compass`,
  depth_sounder: msg`Depth sounder`,
  wind_instruments: msg`Wind instruments`,
  heating: msg`Heating`,
  hot_water: msg`Hot water`,
  wifi: msg`Wi-Fi`,
  air_conditioning: msg`Air conditioning`,
  washing_machine: msg`Washing machine`,
  dishwasher: msg`Dishwasher`,
  generator: msg`Generator`,
};

const SKILL: Record<SkillKey, MessageDescriptor> = {
  navigation: msg`Navigation`,
  chart_plotting: msg`Chart Plotting`,
  celestial_navigation: msg`Celestial Navigation`,
  gps_electronics: msg`GPS/Electronics`,
  radar_operation: msg`Radar Operation`,
  vhf_radio: msg`VHF Radio`,
  weather_routing: msg`Weather Routing`,
  tidal_planning: msg`Tidal Planning`,
  collision_avoidance: msg`Collision Avoidance`,
  helm_steering: msg`Helm/Steering`,
  sail_trim: msg`Sail Trim`,
  reefing: msg`Reefing`,
  spinnaker: msg`Spinnaker Handling`,
  heavy_weather: msg`Heavy Weather Sailing`,
  winch_work: msg`Winch Work`,
  line_handling: msg`Line Handling`,
  knot_tying: msg`Knot Tying`,
  docking: msg`Docking`,
  mooring: msg`Mooring`,
  anchoring: msg`Anchoring`,
  dinghy_handling: msg`Dinghy Handling`,
  diesel_engine: msg`Diesel Engine Maintenance`,
  electrical_systems: msg`Electrical Systems`,
  plumbing_systems: msg`Plumbing Systems`,
  rigging_maintenance: msg`Rigging Maintenance`,
  sail_repair: msg`Sail Repair`,
  fiberglass_repair: msg`Fiberglass Repair`,
  first_aid: msg`First Aid`,
  man_overboard: msg`Man Overboard Recovery`,
  fire_safety: msg`Fire Safety`,
  sea_survival: msg`Sea Survival`,
  damage_control: msg`Damage Control`,
  distress_signals: msg`Distress Signals`,
  abandon_ship: msg`Abandon Ship Drill`,
  galley_cooking: msg`Cooking`,
  watch_cooking: msg`Watch Cooking`,
  provisioning: msg`Provisioning`,
  food_preservation: msg`Food Preservation`,
  water_conservation: msg`Water Conservation`,
  boat_cleaning: msg`Boat Cleaning`,
  photography: msg`Photography`,
  night_watches: msg`Night Watches`,
  solo_watch: msg`Solo Watchkeeping`,
  offshore_passages: msg`Offshore Passages`,
  ocean_crossing: msg`Ocean Crossing`,
  racing_experience: msg`Racing`,
  delivery_experience: msg`Boat Deliveries`,
};

/** A boat equipment code ("Life raft"); a code this list does not know reads as words. */
export const equipmentName = (code: string): string => {
  const known = (EQUIPMENT as Readonly<Record<string, MessageDescriptor | undefined>>)[code];
  return known ? i18n._(known) : code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
};

/** The name of a skill of the one list ("Chart Plotting", "Night Watches"). */
export const skillKeyName = (key: SkillKey): string => i18n._(SKILL[key]);

/** A stored or typed skill ("Night Watches", "night_watches", "MOB") by its name in the page's language; a value naming no skill as written. */
export const skillName = (value: string): string => {
  const skill = skillOf(value);
  return skill ? skillKeyName(skill.key) : value.trim();
};

/** "Cuisine", "cuisine " → the galley cooking skill: a skill's name in the page's language, else any name the list knows. */
export const skillOfTyped = (value: string): (typeof SKILL_TAXONOMY)[number] | undefined => {
  const known = skillOf(value);
  if (known) return known;
  const typed = value.trim().toLocaleLowerCase();
  return SKILL_TAXONOMY.find((skill) => skillKeyName(skill.key).toLocaleLowerCase() === typed);
};
