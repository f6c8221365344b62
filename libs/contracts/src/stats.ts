import { z } from 'zod';

/** The home page's counters: real platform figures, never samples. */
export const publicStatsSchema = z
  .object({
    nautical_miles: z.number().int().nonnegative().describe('Total distance of published, non-cancelled voyages'),
    active_voyages: z.number().int().nonnegative(),
    crew_members: z.number().int().nonnegative().describe('Accounts that can crew (crew or both)'),
  })
  .meta({ id: 'PublicStats' });
export type PublicStats = z.infer<typeof publicStatsSchema>;
