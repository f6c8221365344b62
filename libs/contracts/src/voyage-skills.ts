/**
 * Spec section 9: the voyage form offers a catalogue of 40 sailing skills and
 * preselects the 6 popular ones. Free text is allowed too, so the server does
 * not restrict skills to this list.
 */
export const VOYAGE_SKILL_CATALOGUE = [
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
] as const;

export type VoyageSkill = (typeof VOYAGE_SKILL_CATALOGUE)[number];

/** Preselected on a new voyage (spec section 9). */
export const POPULAR_VOYAGE_SKILLS: readonly VoyageSkill[] = ['Navigation', 'Night Watches', 'Helm/Steering', 'VHF Radio', 'Cooking', 'First Aid'];
