/**
 * Voyage constants and labels (spec sections 3, 4, 5 and 9) without any
 * schema code, so the web client's first chunks can use them without loading
 * zod (imported there as `@crew/contracts/constants`).
 */
export const VOYAGE_STATUSES = ['planning', 'active', 'full', 'in_progress', 'completed', 'cancelled'] as const;
export type VoyageStatusValue = (typeof VOYAGE_STATUSES)[number];
/** What a voyage row can say: a published status, or a draft only its skipper sees. */
export const VOYAGE_LIFECYCLE = ['draft', ...VOYAGE_STATUSES] as const;
export type VoyageLifecycle = (typeof VOYAGE_LIFECYCLE)[number];
export const VOYAGE_STATUS_LABELS: Record<VoyageLifecycle, string> = {
  draft: 'Draft',
  planning: 'Planning',
  active: 'Active',
  full: 'Full',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const CONTRIBUTION_TYPE_VALUES = ['free', 'shared_costs', 'paid'] as const;
export const CONTRIBUTION_TYPE_LABELS: Record<(typeof CONTRIBUTION_TYPE_VALUES)[number], string> = { free: 'Free', shared_costs: 'Shared costs', paid: 'Paid' };
export const CURRENCY_VALUES = ['USD', 'EUR', 'GBP'] as const;
export const CURRENCY_SYMBOLS: Record<(typeof CURRENCY_VALUES)[number], string> = { USD: '$', EUR: '€', GBP: '£' };
export const EXPERIENCE_LEVEL_VALUES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const EXPERIENCE_LEVEL_LABELS: Record<(typeof EXPERIENCE_LEVEL_VALUES)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};
export const CREW_NEEDED_LIMITS = { min: 1, max: 20, default: 4 } as const;
export const MAX_VOYAGE_SKILLS = 8;

/** Browse filters (spec "Voyages browse"): duration buckets and contribution kinds. */
export const DURATION_FILTERS = { days: '1-7 days', weeks: '1-4 weeks', months: '1+ months' } as const;
export const CONTRIBUTION_FILTERS = { free: 'Free', shared: 'Shared costs', paid: 'Paid' } as const;


/** Spec section 4: Application status. */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Spec section 5: the apply message needs at least 10 characters. */
export const APPLICATION_MESSAGE = { min: 10, max: 2000 } as const;
/** Spec section 4: with several applications to one voyage, the one shown ranks accepted, pending, rejected, withdrawn. */
export const APPLICATION_STATUS_RANKING: readonly ApplicationStatus[] = ['accepted', 'pending', 'rejected', 'withdrawn'];
/** Spec section 4: the applicant's label on the voyage page. */
export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'Applied - Pending Review',
  accepted: 'Application Accepted ✓',
  rejected: 'Not Selected This Time',
  withdrawn: 'Application Withdrawn',
};

/** Browse map (spec section 9): deepest zoom, and past MAP_CLUSTER_MAX_ZOOM every voyage has its own marker. */
export const MAP_MAX_ZOOM = 18;
export const MAP_CLUSTER_MAX_ZOOM = 14;
/** Spec section 9: voyages at identical coordinates sit on rings of 6, 0.5° apart. */
export const MAP_RING_SIZE = 6;
export const MAP_RING_STEP_DEGREES = 0.5;
