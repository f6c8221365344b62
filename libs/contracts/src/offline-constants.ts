/**
 * Zod-free constants of the offline web client (docs/features/offline.md), for the web's lazily loaded offline
 * code: the voyages a member's device keeps are those they sail on that depart within this many days, or are under way.
 */
export const SAILING_SOON_DAYS = 30;

export const offlinePaths = {
  sailingSoon: '/api/voyages/sailing-soon',
} as const;
