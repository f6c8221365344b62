import { z } from 'zod';

/**
 * How well a crew member fits a voyage: 0–100 and the reasons, in the order
 * skills, experience, offshore; and what the crew member could add to their
 * profile to raise it ("Add Navigation to your skills to raise your match").
 */
export const matchScoreSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    reasons: z.array(z.string()),
    advice: z.array(z.string()).describe('What to add to the profile to raise the score; empty when nothing would'),
    missing_skills: z.array(z.string()).describe('Labels of the required skills the profile lacks, all from the skill taxonomy'),
  })
  .meta({ id: 'MatchScore' });
export type MatchScoreResponse = z.infer<typeof matchScoreSchema>;
