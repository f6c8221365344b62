import { z } from 'zod';

/** How well a crew member fits a voyage: 0–100 and the reasons, in the order skills, experience, offshore. */
export const matchScoreSchema = z
  .object({ score: z.number().int().min(0).max(100), reasons: z.array(z.string()) })
  .meta({ id: 'MatchScore' });
export type MatchScoreResponse = z.infer<typeof matchScoreSchema>;
