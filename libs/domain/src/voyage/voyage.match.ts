import { normaliseSkillList, skillLabel, type SkillKey } from '@crew/rules';
import type { ExperienceLevel } from './voyage.rules';

/**
 * How well a crew member fits a voyage: a score from 0 to 100 and the reasons
 * behind it, from the voyage's requirements (skills, minimum experience, an
 * offshore passage) and the crew member's profile. Pure: the API reads both
 * sides and calls it for browse, the voyage page and the skipper's review page.
 */
export interface MatchRequirements {
  /** Skills the voyage asks for: taxonomy keys, or older values (mapped by skillOf). */
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
  /** Skill keys of the profile ("night_watches"), or older codes and words (mapped by skillOf). */
  readonly skills: readonly string[];
}

export interface MatchScore {
  readonly score: number;
  readonly reasons: string[];
  /** What to add to the profile to raise the score ("Add Navigation to your skills to raise your match"). */
  readonly advice: string[];
  /** Labels of the required skills the profile lacks. */
  readonly missingSkills: string[];
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

/** The skills a profile holds, as taxonomy keys (older codes and words mapped; others dropped). */
export const ownedSkillsOf = (skills: readonly string[]): ReadonlySet<SkillKey> => new Set(normaliseSkillList(skills).keys);

const OFFSHORE_AREAS = ['offshore', 'ocean crossing', 'north atlantic', 'pacific'];
const OFFSHORE_SKILLS: readonly SkillKey[] = ['offshore_passages', 'ocean_crossing', 'delivery_experience'];
const words = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Offshore experience: a profile naming offshore or ocean waters, deliveries, or offshore passages among its skills. */
export function hasOffshoreExperience(crew: CrewProfileForMatch, owned: ReadonlySet<SkillKey> = ownedSkillsOf(crew.skills)): boolean {
  return (
    crew.sailingAreas.some((area) => OFFSHORE_AREAS.includes(words(area))) || OFFSHORE_SKILLS.some((key) => owned.has(key)) || crew.experienceTypes.map(words).includes('delivery')
  );
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
/** "A", "A and B", "A, B and C". */
const inWords = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * The score: half for the required skills the profile holds (compared by
 * taxonomy key, so "Chart plotting" never stands for "Navigation"), a third
 * for experience against the minimum, the rest for offshore experience on a
 * long passage. A required skill written before the taxonomy that names no
 * skill of it is left out: nobody could hold it. The advice names each
 * missing skill to add, by its label.
 */
export function matchScore(voyage: MatchRequirements, crew: CrewProfileForMatch, ownedSkills: ReadonlySet<SkillKey> = ownedSkillsOf(crew.skills)): MatchScore {
  const reasons: string[] = [];
  const advice: string[] = [];
  let score = 0;

  const wanted = normaliseSkillList(voyage.skills).keys;
  const missing = wanted.filter((key) => !ownedSkills.has(key)).map(skillLabel);
  if (wanted.length === 0) {
    score += WEIGHTS.skills;
    reasons.push('no particular skills asked for');
  } else {
    const matched = wanted.length - missing.length;
    score += (WEIGHTS.skills * matched) / wanted.length;
    const head = `has ${matched} of ${plural(wanted.length, 'required skill')}`;
    reasons.push(missing.length === 0 ? head : `${head} (missing ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''})`);
    if (missing.length > 0) advice.push(`Add ${inWords(missing)} to your skills to raise your match`);
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
    if (hasOffshoreExperience(crew, ownedSkills)) {
      score += WEIGHTS.offshore;
      reasons.push(`offshore experience for a ${voyage.longestLegNm} nm passage`);
    } else {
      reasons.push('no offshore experience, which this voyage asks for');
    }
  } else {
    score += WEIGHTS.offshore;
  }

  return { score: Math.max(0, Math.min(100, Math.round(score))), reasons, advice, missingSkills: missing };
}
