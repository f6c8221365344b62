import { z } from 'zod';
import { offlinePaths, SAILING_SOON_DAYS } from './offline-constants';
import type { RouteContract } from './routes';

export { offlinePaths, SAILING_SOON_DAYS } from './offline-constants';

export const sailingSoonVoyageSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** How the signed-in member sails on it. */
  role: z.enum(['skipper', 'crew']),
  status: z.enum(['planning', 'active', 'full', 'in_progress']),
  /** YYYY-MM-DD. */
  estimated_start_date: z.string().nullable(),
  estimated_end_date: z.string().nullable(),
});
export type SailingSoonVoyage = z.infer<typeof sailingSoonVoyageSchema>;

/** GET /api/voyages/sailing-soon */
export const sailingSoonResponseSchema = z.object({ voyages: z.array(sailingSoonVoyageSchema) }).meta({ id: 'SailingSoon' });
export type SailingSoonResponse = z.infer<typeof sailingSoonResponseSchema>;

export const offlineRoutes = {
  sailingSoon: {
    method: 'GET',
    path: offlinePaths.sailingSoon,
    summary: `The voyages the signed-in member sails on (as skipper or accepted crew) that depart within ${SAILING_SOON_DAYS} days or are under way, soonest first: what the web client keeps on the device for use without a network`,
    tag: 'voyages',
    auth: 'user',
    response: sailingSoonResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;
