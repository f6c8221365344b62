import type { MatchScoreResponse } from '@crew/contracts';
import { matchScore, ownedSkillsOf, type CrewProfileForMatch, type ExperienceLevel, type SkillKey } from '@crew/domain';
import type { DataSource } from 'typeorm';

/** A crew member's profile as the match score reads it, with their skills as taxonomy keys, worked out once. */
export interface ViewerProfile {
  readonly profile: CrewProfileForMatch;
  readonly skills: ReadonlySet<SkillKey>;
}

interface ProfileRow {
  id: string;
  user_type: string;
  is_admin: boolean;
  sailing_experience: { years_sailing?: number; sailing_areas?: string[]; experience_types?: string[]; certifications?: string[] } | null;
  crew_skills: Record<string, string[]> | null;
}

const profileOf = (row: ProfileRow): ViewerProfile => {
  const experience = row.sailing_experience ?? {};
  const skills = Object.values(row.crew_skills ?? {}).flat();
  const profile: CrewProfileForMatch = {
    yearsSailing: experience.years_sailing ?? 0,
    sailingAreas: experience.sailing_areas ?? [],
    experienceTypes: experience.experience_types ?? [],
    certifications: experience.certifications ?? [],
    skills,
  };
  return { profile, skills: ownedSkillsOf(skills) };
};

/** Profiles of crew members (crew and "both" accounts) by id; skippers and administrators get no score. */
export async function crewProfiles(dataSource: DataSource, userIds: readonly string[]): Promise<Map<string, ViewerProfile>> {
  if (userIds.length === 0) return new Map();
  const rows = await dataSource.query<ProfileRow[]>(
    `SELECT id, user_type, is_admin, sailing_experience, crew_skills FROM users WHERE id = ANY($1::uuid[]) AND user_type IN ('crew', 'both') AND NOT is_admin`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.id, profileOf(row)]));
}

export async function crewProfile(dataSource: DataSource, userId: string | null): Promise<ViewerProfile | null> {
  if (!userId) return null;
  return (await crewProfiles(dataSource, [userId])).get(userId) ?? null;
}

/** What a voyage asks of its crew, as the voyage-summaries row holds it. */
export interface RequirementsRow {
  readonly skills: readonly string[];
  readonly min_experience: string;
  readonly longest_leg_nm: number;
}

export const scoreFor = (row: RequirementsRow, viewer: ViewerProfile): MatchScoreResponse => {
  const match = matchScore({ skills: row.skills, minExperience: row.min_experience as ExperienceLevel, longestLegNm: row.longest_leg_nm }, viewer.profile, viewer.skills);
  return { score: match.score, reasons: match.reasons, advice: match.advice, missing_skills: match.missingSkills };
};
