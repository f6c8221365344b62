import type { ExperienceLevel } from './voyage.rules';

/**
 * How well a crew member fits a voyage: a score from 0 to 100 and the reasons
 * behind it, from the voyage's requirements (skills, minimum experience, an
 * offshore passage) and the crew member's profile. Pure: the API reads both
 * sides and calls it for browse, the voyage page and the skipper's review page.
 */
export interface MatchRequirements {
  /** Skills the voyage asks for, as the skipper wrote them ("Night Watches"). */
  readonly skills: readonly string[];
  readonly minExperience: ExperienceLevel;
  /** Its longest leg in nautical miles: a leg of OFFSHORE_LEG_NM or more is an offshore passage. */
  readonly longestLegNm: number;
}

export interface CrewProfileForMatch {
  readonly yearsSailing: number;
  readonly sailingAreas: readonly string[];
  readonly experienceTypes: readonly string[];
  readonly certifications: readonly string[];
  /** Skill codes of the profile ("night_watches") or free words. */
  readonly skills: readonly string[];
}

export interface MatchScore {
  readonly score: number;
  readonly reasons: string[];
}

/** A leg this long takes the crew out of sight of land overnight or longer. */
export const OFFSHORE_LEG_NM = 150;
const WEIGHTS = { skills: 50, experience: 35, offshore: 15 } as const;
const LEVELS: readonly ExperienceLevel[] = ['beginner', 'intermediate', 'advanced', 'expert'];

/** Years of sailing that reach each level: 0 beginner, 2 intermediate, 5 advanced, 10 expert. */
export function experienceLevelOf(yearsSailing: number): ExperienceLevel {
  if (yearsSailing >= 10) return 'expert';
  if (yearsSailing >= 5) return 'advanced';
  if (yearsSailing >= 2) return 'intermediate';
  return 'beginner';
}

/** "Night Watches", "night_watches" and "night-watches" name the same skill; "Helm/Steering" is both words. */
export const skillKey = (skill: string): string =>
  skill
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Voyage skill names and profile codes that mean the same thing though worded apart. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  'helm steering': ['helm', 'steering', 'helming'],
  cooking: ['galley cooking', 'watch cooking'],
  'spinnaker handling': ['spinnaker'],
  'heavy weather sailing': ['heavy weather'],
  'gps electronics': ['gps electronics', 'gps'],
  'diesel engine maintenance': ['diesel engine'],
  'vhf radio': ['vhf', 'radio', 'src', 'gps electronics'],
  'man overboard': ['man overboard', 'mob'],
  'offshore sailing': ['offshore passages'],
  'ocean crossing': ['ocean crossing'],
};

function hasSkill(wanted: string, owned: ReadonlySet<string>): boolean {
  const key = skillKey(wanted);
  if (owned.has(key)) return true;
  return (ALIASES[key] ?? []).some((alias) => owned.has(alias));
}

const OFFSHORE_AREAS = ['offshore', 'ocean crossing', 'north atlantic', 'pacific'];
const OFFSHORE_SKILLS = ['offshore passages', 'ocean crossing', 'delivery experience'];

/** Offshore experience: a profile naming offshore or ocean waters, deliveries, or offshore passages among its skills. */
export function hasOffshoreExperience(crew: CrewProfileForMatch): boolean {
  const areas = crew.sailingAreas.map(skillKey);
  const skills = crew.skills.map(skillKey);
  return (
    areas.some((area) => OFFSHORE_AREAS.includes(area)) ||
    skills.some((skill) => OFFSHORE_SKILLS.includes(skill)) ||
    crew.experienceTypes.map(skillKey).includes('delivery')
  );
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export function matchScore(voyage: MatchRequirements, crew: CrewProfileForMatch, ownedSkills: ReadonlySet<string> = new Set(crew.skills.map(skillKey))): MatchScore {
  const reasons: string[] = [];
  let score = 0;

  const wanted = [...new Set(voyage.skills.map((skill) => skill.trim()).filter(Boolean))];
  if (wanted.length === 0) {
    score += WEIGHTS.skills;
    reasons.push('no particular skills asked for');
  } else {
    const missing = wanted.filter((skill) => !hasSkill(skill, ownedSkills));
    const matched = wanted.length - missing.length;
    score += (WEIGHTS.skills * matched) / wanted.length;
    const head = `has ${matched} of ${plural(wanted.length, 'required skill')}`;
    reasons.push(missing.length === 0 ? head : `${head} (missing ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''})`);
  }

  const years = Math.max(0, Math.floor(crew.yearsSailing));
  const level = experienceLevelOf(years);
  const gap = LEVELS.indexOf(voyage.minExperience) - LEVELS.indexOf(level);
  const yearsText = plural(years, 'year');
  if (gap <= 0) {
    score += WEIGHTS.experience;
    reasons.push(`${yearsText} sailing ≥ ${voyage.minExperience}`);
  } else if (gap === 1) {
    score += WEIGHTS.experience / 2;
    reasons.push(`${yearsText} sailing, a little under the ${voyage.minExperience} level this voyage asks for`);
  } else {
    reasons.push(`${yearsText} sailing, well under the ${voyage.minExperience} level this voyage asks for`);
  }

  if (voyage.longestLegNm >= OFFSHORE_LEG_NM) {
    if (hasOffshoreExperience(crew)) {
      score += WEIGHTS.offshore;
      reasons.push(`offshore experience for a ${voyage.longestLegNm} nm passage`);
    } else {
      reasons.push('no offshore experience, which this voyage asks for');
    }
  } else {
    score += WEIGHTS.offshore;
  }

  return { score: Math.max(0, Math.min(100, Math.round(score))), reasons };
}
