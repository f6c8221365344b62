/**
 * The one list of sailing skills. A voyage asks for skills from it, a crew
 * profile holds skills from it (in the same groups), and the match score
 * compares the two by key, so a crew member can always hold what a voyage
 * asks for. Labels come from here, never from a key with its first letter
 * capitalised.
 *
 * Older stored values (the voyage form's free text, the first skill names,
 * profile codes such as "spinnaker") are mapped onto it by `skillOf`, the one
 * normalising function: the event upcasters, the migration of stored rows and
 * every reader use it.
 *
 * The contracts re-export it and the web client reads it, so the web shows
 * the same list.
 */

/** The profile's skill groups, in the order the profile shows them. */
export const SKILL_GROUPS = ['navigation', 'sailing', 'technical', 'safety', 'galley', 'experience'] as const;
export type SkillGroup = (typeof SKILL_GROUPS)[number];

export const SKILL_GROUP_LABELS: Readonly<Record<SkillGroup, string>> = {
  navigation: 'Navigation and communications',
  sailing: 'Sailing and boat handling',
  technical: 'Engine, systems and repairs',
  safety: 'Safety and first aid',
  galley: 'Galley and life aboard',
  experience: 'Watchkeeping and passages',
};

interface SkillDefinition {
  readonly key: string;
  readonly label: string;
  readonly group: SkillGroup;
  /** Other words for the same skill, as members wrote them before the list existed. */
  readonly aliases: readonly string[];
}

const skill = <K extends string>(key: K, label: string, group: SkillGroup, aliases: readonly string[] = []) => ({ key, label, group, aliases }) as const;

/** Every skill, grouped and in display order. Keys are stored; never rename one (add an alias instead). */
export const SKILL_TAXONOMY = [
  skill('navigation', 'Navigation', 'navigation', ['nav', 'coastal navigation', 'pilotage']),
  skill('chart_plotting', 'Chart Plotting', 'navigation', ['chart work', 'chartwork', 'charts', 'chart plotter', 'plotting']),
  skill('celestial_navigation', 'Celestial Navigation', 'navigation', ['celestial', 'astro navigation', 'astronavigation', 'sextant']),
  skill('gps_electronics', 'GPS/Electronics', 'navigation', ['gps', 'electronics', 'gps and electronics', 'marine electronics']),
  skill('radar_operation', 'Radar Operation', 'navigation', ['radar']),
  skill('vhf_radio', 'VHF Radio', 'navigation', ['vhf', 'radio', 'src', 'vhf src', 'marine radio', 'radio operation']),
  skill('weather_routing', 'Weather Routing', 'navigation', ['weather', 'meteorology', 'weather forecasting']),
  skill('tidal_planning', 'Tidal Planning', 'navigation', ['tides', 'tidal', 'tide planning', 'tidal calculations']),
  skill('collision_avoidance', 'Collision Avoidance', 'navigation', ['colregs', 'col regs', 'rules of the road']),

  skill('helm_steering', 'Helm/Steering', 'sailing', ['helm', 'helming', 'steering', 'helmsman']),
  skill('sail_trim', 'Sail Trim', 'sailing', ['sail trimming', 'trimming']),
  skill('reefing', 'Reefing', 'sailing'),
  skill('spinnaker', 'Spinnaker Handling', 'sailing', ['spinnaker handling', 'kite', 'asymmetric spinnaker']),
  skill('heavy_weather', 'Heavy Weather Sailing', 'sailing', ['heavy weather sailing', 'rough weather']),
  skill('winch_work', 'Winch Work', 'sailing', ['winches', 'winching', 'grinding']),
  skill('line_handling', 'Line Handling', 'sailing', ['lines', 'rope work', 'ropework']),
  skill('knot_tying', 'Knot Tying', 'sailing', ['knots']),
  skill('docking', 'Docking', 'sailing', ['berthing', 'coming alongside']),
  skill('mooring', 'Mooring', 'sailing', ['picking up a mooring']),
  skill('anchoring', 'Anchoring', 'sailing', ['anchor work']),
  skill('dinghy_handling', 'Dinghy Handling', 'sailing', ['dinghy', 'tender']),

  skill('diesel_engine', 'Diesel Engine Maintenance', 'technical', ['diesel engine maintenance', 'diesel', 'engine', 'engine maintenance', 'diesel mechanics']),
  skill('electrical_systems', 'Electrical Systems', 'technical', ['electrics', 'electrical']),
  skill('plumbing_systems', 'Plumbing Systems', 'technical', ['plumbing']),
  skill('rigging_maintenance', 'Rigging Maintenance', 'technical', ['rigging']),
  skill('sail_repair', 'Sail Repair', 'technical', ['sail mending', 'sail making']),
  skill('fiberglass_repair', 'Fiberglass Repair', 'technical', ['fibreglass repair', 'fiberglass', 'fibreglass', 'grp repair']),

  skill('first_aid', 'First Aid', 'safety', ['first aider', 'medical']),
  skill('man_overboard', 'Man Overboard Recovery', 'safety', ['man overboard recovery', 'mob', 'mob recovery', 'crew overboard']),
  skill('fire_safety', 'Fire Safety', 'safety', ['firefighting', 'fire fighting']),
  skill('sea_survival', 'Sea Survival', 'safety', ['survival', 'liferaft']),
  skill('damage_control', 'Damage Control', 'safety'),
  skill('distress_signals', 'Distress Signals', 'safety', ['flares', 'mayday']),
  skill('abandon_ship', 'Abandon Ship Drill', 'safety', ['abandon ship', 'abandon ship procedures']),

  skill('galley_cooking', 'Cooking', 'galley', ['galley cooking', 'cook', 'galley', 'chef']),
  skill('watch_cooking', 'Watch Cooking', 'galley', ['cooking under way', 'cooking underway']),
  skill('provisioning', 'Provisioning', 'galley', ['victualling', 'provisions']),
  skill('food_preservation', 'Food Preservation', 'galley'),
  skill('water_conservation', 'Water Conservation', 'galley'),
  skill('boat_cleaning', 'Boat Cleaning', 'galley', ['cleaning']),
  skill('photography', 'Photography', 'galley', ['photos', 'photographer']),

  skill('night_watches', 'Night Watches', 'experience', ['night watch', 'night sailing', 'night watchkeeping', 'watchkeeping', 'watches']),
  skill('solo_watch', 'Solo Watchkeeping', 'experience', ['solo watchkeeping', 'solo watches', 'single handed watch']),
  skill('offshore_passages', 'Offshore Passages', 'experience', ['offshore', 'offshore sailing', 'offshore passage', 'passage making', 'blue water']),
  skill('ocean_crossing', 'Ocean Crossing', 'experience', ['ocean crossings', 'ocean passage', 'atlantic crossing']),
  skill('racing_experience', 'Racing', 'experience', ['racing', 'yacht racing', 'regatta', 'regattas']),
  skill('delivery_experience', 'Boat Deliveries', 'experience', ['delivery', 'deliveries', 'delivery experience', 'delivery trips']),
] as const satisfies readonly SkillDefinition[];

export type Skill = (typeof SKILL_TAXONOMY)[number];
export type SkillKey = Skill['key'];

/**
 * Bumped whenever a key, label or alias above changes: upcasters that map
 * stored skills name it in their description, so states folded with an older
 * list are not reused.
 */
export const SKILL_TAXONOMY_VERSION = 1;

/** Skill keys of each group, in display order. */
export const SKILL_KEYS_BY_GROUP = Object.fromEntries(
  SKILL_GROUPS.map((group) => [group, SKILL_TAXONOMY.filter((entry) => entry.group === group).map((entry) => entry.key)]),
) as unknown as Readonly<Record<SkillGroup, readonly SkillKey[]>>;

/** The six skills a new voyage offers with one click. */
export const POPULAR_SKILL_KEYS: readonly SkillKey[] = ['navigation', 'night_watches', 'helm_steering', 'vhf_radio', 'galley_cooking', 'first_aid'];

/** "GPS/Electronics", "gps_electronics" and " gps  electronics " fold alike: no accents, case, or punctuation. */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const BY_KEY: ReadonlyMap<string, Skill> = new Map(SKILL_TAXONOMY.map((entry) => [entry.key, entry]));
const BY_WORDING: ReadonlyMap<string, Skill> = (() => {
  const index = new Map<string, Skill>();
  for (const entry of SKILL_TAXONOMY) {
    for (const wording of [entry.key, entry.label, ...entry.aliases]) {
      const folded = fold(wording);
      const taken = index.get(folded);
      if (taken && taken !== entry) throw new Error(`Skill wording "${wording}" names both ${taken.key} and ${entry.key}`);
      index.set(folded, entry);
    }
  }
  return index;
})();

/**
 * The skill a stored or typed value names: a key ("night_watches"), a label in
 * any case ("Night watches"), an older name ("Spinnaker", "GPS electronics")
 * or a common other word ("MOB"); undefined for words that name no skill.
 */
export function skillOf(value: string): Skill | undefined {
  return BY_KEY.get(value) ?? BY_WORDING.get(fold(value));
}

export const isSkillKey = (value: string): value is SkillKey => BY_KEY.has(value);

/** The label of a skill key or older value; a value naming no skill is shown as it was written. */
export const skillLabel = (value: string): string => skillOf(value)?.label ?? value.trim();

/**
 * A list of stored or typed skills as keys, in their order, each once; the
 * values that name no skill are returned apart (kept as written, never matched).
 */
export function normaliseSkillList(values: readonly string[]): { keys: SkillKey[]; unknown: string[] } {
  const keys: SkillKey[] = [];
  const unknown: string[] = [];
  for (const value of values) {
    const trimmed = value.trim().replace(/\s+/g, ' ');
    if (!trimmed) continue;
    const found = skillOf(trimmed);
    if (found) {
      if (!keys.includes(found.key)) keys.push(found.key);
    } else if (!unknown.some((other) => fold(other) === fold(trimmed))) {
      unknown.push(trimmed);
    }
  }
  return { keys, unknown };
}

/**
 * Required skills as a voyage keeps them: each value naming a skill as its key
 * (each once), a value naming none kept as written (shown as it is, never
 * matched). The upcaster of voyage events and the migration of stored rows
 * both use it, so old and new values end up alike.
 */
export function storedSkillList(values: readonly unknown[]): string[] {
  const stored: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const next = skillOf(value)?.key ?? value.trim();
    if (!stored.includes(next)) stored.push(next);
  }
  return stored;
}

/** Skills by profile group, every group present. */
export type GroupedSkills = Record<SkillGroup, SkillKey[]>;

/**
 * A profile's stored skills (any groups, older codes or words) as taxonomy
 * keys under their own groups, in display order; values naming no skill are dropped.
 */
export function normaliseGroupedSkills(stored: Readonly<Record<string, readonly unknown[] | undefined>> | null | undefined): GroupedSkills {
  const owned = new Set<SkillKey>();
  for (const values of Object.values(stored ?? {})) {
    for (const value of values ?? []) {
      if (typeof value !== 'string') continue;
      const found = skillOf(value);
      if (found) owned.add(found.key);
    }
  }
  return Object.fromEntries(SKILL_GROUPS.map((group) => [group, SKILL_KEYS_BY_GROUP[group].filter((key) => owned.has(key))])) as GroupedSkills;
}
