import type { BoatResponse, CREW_EXPECTATION_GROUPS, EXPERIENCE_TYPES } from '@crew/contracts';
import type { SkillGroup, SkillKey } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n/i18n';

/*
 * What the codes of a profile read as, in the page's language: one message per
 * code, looked up when shown (never at load, before the language is active).
 * A code without a message shows as it came.
 */

type ExperienceType = (typeof EXPERIENCE_TYPES)[number];
type BoatType = BoatResponse['boat_type'];
type EquipmentGroup = keyof BoatResponse['equipment'];
type ExpectationGroup = keyof typeof CREW_EXPECTATION_GROUPS;
type ExpectationCode = (typeof CREW_EXPECTATION_GROUPS)[ExpectationGroup][number];
export type ExpectationLevel = 'essential' | 'preferred' | 'welcome';

const lookUp = <K extends string>(labels: Readonly<Record<K, MessageDescriptor>>, code: string): string => {
  const label = (labels as Readonly<Record<string, MessageDescriptor | undefined>>)[code];
  return label ? i18n._(label) : code;
};

const EXPERIENCE_TYPE: Record<ExperienceType, MessageDescriptor> = {
  day_sailing: msg`Day sailing`,
  overnight: msg`Overnight`,
  racing: msg`Racing`,
  bareboat: msg`Bareboat`,
  delivery: msg`Delivery`,
  instruction: msg`Instruction`,
};

/** A boat type as a choice ("Motor yacht"). */
const BOAT_TYPE: Record<BoatType, MessageDescriptor> = {
  monohull: msg`Monohull`,
  catamaran: msg`Catamaran`,
  trimaran: msg`Trimaran`,
  motor_yacht: msg`Motor yacht`,
  motorsailer: msg`Motorsailer`,
  other: msg`Other`,
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

const EQUIPMENT: Record<BoatResponse['equipment'][EquipmentGroup][number], MessageDescriptor> = {
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

/** "Day sailing", "Bareboat". */
export const experienceTypeLabel = (type: string): string => lookUp(EXPERIENCE_TYPE, type);
/** "Monohull", "Motor yacht": a boat type to choose. */
export const boatTypeLabel = (type: string): string => lookUp(BOAT_TYPE, type);
/** "monohull", "motor yacht": a boat type within a sentence. */
export const boatTypeInLine = (type: string): string => lookUp(BOAT_TYPE_IN_LINE, type);
/** "Safety equipment". */
export const equipmentGroupLabel = (group: EquipmentGroup): string => lookUp(EQUIPMENT_GROUP, group);
/** "Life raft", "EPIRB". */
export const equipmentLabel = (code: string): string => lookUp(EQUIPMENT, code);
/** "Watch system", "Galley". */
export const expectationGroupLabel = (group: string): string => lookUp(EXPECTATION_GROUP, group);
/** "Night watches", "Marina fees". */
export const expectationLabel = (code: string): string => lookUp(EXPECTATION, code);
/** "Essential (must have)". */
export const expectationLevelLabel = (level: ExpectationLevel): string => lookUp(EXPECTATION_LEVEL, level);
/** "Navigation and communications". */
export const skillGroupLabel = (group: SkillGroup): string => lookUp(SKILL_GROUP, group);
/** "Chart Plotting", "Night Watches". */
export const skillName = (key: SkillKey): string => lookUp(SKILL, key);
