/**
 * Voyage constants and labels without any
 * schema code, so the web client's first chunks can use them without loading
 * zod (imported there as `@crew/contracts/constants`). The lists and limits
 * the domain enforces too are the values of libs/rules, never restated.
 */
import {
  APPLICATION_MESSAGE,
  APPLICATION_STATUSES,
  CONTRIBUTION_TYPES,
  CREW_NEEDED,
  CURRENCIES,
  EXPERIENCE_LEVELS,
  MAX_MANUAL_DISTANCE_NM,
  MAX_VOYAGE_SKILLS,
  VOYAGE_STATUSES,
} from '@crew/rules';

export { VOYAGE_STATUSES };
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
export const CONTRIBUTION_TYPE_VALUES = CONTRIBUTION_TYPES;
export const CONTRIBUTION_TYPE_LABELS: Record<(typeof CONTRIBUTION_TYPE_VALUES)[number], string> = { free: 'Free', shared_costs: 'Shared costs', paid: 'Paid' };
export const CURRENCY_VALUES = CURRENCIES;
export const CURRENCY_SYMBOLS: Record<(typeof CURRENCY_VALUES)[number], string> = { USD: '$', EUR: '€', GBP: '£' };
export const EXPERIENCE_LEVEL_VALUES = EXPERIENCE_LEVELS;
export const EXPERIENCE_LEVEL_LABELS: Record<(typeof EXPERIENCE_LEVEL_VALUES)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};
export const CREW_NEEDED_LIMITS = CREW_NEEDED;
/** At most 8 skills; a custom voyage's manual distance, at most 50,000 nm. */
export { MAX_VOYAGE_SKILLS, MAX_MANUAL_DISTANCE_NM };

/** Browse filters: duration buckets and contribution kinds. */
export const DURATION_FILTERS = { days: '1-7 days', weeks: '1-4 weeks', months: '1+ months' } as const;
export const CONTRIBUTION_FILTERS = { free: 'Free', shared: 'Shared costs', paid: 'Paid' } as const;

/**
 * An application's statuses (expired: nobody answered within 14 days, or the
 * voyage departed first); the apply message needs at least 10 characters.
 */
export { APPLICATION_STATUSES, APPLICATION_MESSAGE };
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** With several applications to one voyage, the one shown ranks accepted, pending, rejected, withdrawn. */
export const APPLICATION_STATUS_RANKING: readonly ApplicationStatus[] = ['accepted', 'pending', 'rejected', 'withdrawn', 'expired'];
/** The applicant's label on the voyage page. */
export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  pending: 'Applied - Pending Review',
  accepted: 'Application Accepted ✓',
  rejected: 'Not Selected This Time',
  withdrawn: 'Application Withdrawn',
  expired: 'Application Expired (no answer)',
};

/**
 * Map tile sources (street and satellite). The web client draws them and the
 * API's Content-Security-Policy allows their origins, so both read them here.
 */
export const MAP_TILE_URLS = {
  street: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  satellite: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
} as const;

/** How each boat equipment code reads (abbreviations as sailors write them). */
export const BOAT_EQUIPMENT_LABELS = {
  life_raft: 'Life raft',
  epirb: 'EPIRB',
  first_aid: 'First aid kit',
  fire_extinguisher: 'Fire extinguisher',
  life_jackets: 'Life jackets',
  flares: 'Flares',
  dan_buoy: 'Dan buoy',
  gps: 'GPS',
  radar: 'Radar',
  autopilot: 'Autopilot',
  chartplotter: 'Chartplotter',
  compass: 'Compass',
  depth_sounder: 'Depth sounder',
  wind_instruments: 'Wind instruments',
  heating: 'Heating',
  hot_water: 'Hot water',
  wifi: 'Wi-Fi',
  air_conditioning: 'Air conditioning',
  washing_machine: 'Washing machine',
  dishwasher: 'Dishwasher',
  generator: 'Generator',
} as const;

/** The label of an equipment code; a code this list does not know reads as words. */
export const equipmentLabel = (code: string): string => (BOAT_EQUIPMENT_LABELS as Record<string, string>)[code] ?? code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Browse map: deepest zoom, and past MAP_CLUSTER_MAX_ZOOM every voyage has its own marker. */
export const MAP_MAX_ZOOM = 18;
export const MAP_CLUSTER_MAX_ZOOM = 14;
/** Voyages at identical coordinates sit on rings of 6, 0.5° apart. */
export const MAP_RING_SIZE = 6;
export const MAP_RING_STEP_DEGREES = 0.5;

/** Shown with a 429 from sign-in (the login page then offers a sign-in link). */
export const TOO_MANY_SIGN_IN_ATTEMPTS_CODE = 'TOO_MANY_ATTEMPTS';

export { MESSAGE_LIMITS, messagingPaths } from './messaging-constants';

export { PAGE_VIEWS } from './page-view-constants';

/**
 * Every route pattern of the web client's router (apps/web/src/app/router.tsx),
 * as the page-view tracker names a page. The tracker sends only these and the
 * API records only these; a web test keeps the list equal to the router's table.
 */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/sign-in-link',
  '/verify-email',
  '/email-verification-pending',
  '/confirm-email-change',
  '/undo-email-change',
  '/dashboard',
  '/voyages',
  '/voyages/:id',
  '/voyages/:id/applications',
  '/voyages/:id/edit',
  '/create-voyage',
  '/create',
  '/profile',
  '/users/:id',
  '/applications',
  '/messages',
  '/messages/new',
  '/messages/:id',
  '/subscription',
  '/support',
  '/saved-searches',
  '/saved-searches/unsubscribe',
  '/agreements/:id',
  '/float-plans/:token',
  '/terms-of-service',
  '/privacy-policy',
  '/help',
  '/help/getting-started',
  '/help/safety',
  '/help/articles/:slug',
  '/unsubscribe',
  '/offline',
  '/*',
  '/admin',
  '/admin/config',
  '/admin/users',
  '/admin/voyages',
  '/admin/analytics',
  '/admin/support',
] as const;

const WEB_ROUTES: ReadonlySet<string> = new Set(WEB_ROUTE_PATTERNS);
/** Whether a page-view path is one of the web client's route patterns. */
export const isWebRoute = (path: string): boolean => WEB_ROUTES.has(path);

/** Analytics periods: 7, 30, 90 and 365 days (week, month, quarter, year). */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export { REVIEW_RATING, REVIEW_TEXT, REVIEW_REVEAL_DAYS, REVIEWS_PAGE_SIZE, REVIEW_REPORT_REASON, REVIEW_HIDE_REASON, reviewPaths } from './review-constants';
export { AGREEMENT_LIMITS, FLOAT_PLAN_FIELD_LIMITS, CHECK_IN_NOTE_LIMIT } from './trust-constants';
export { offlinePaths, SAILING_SOON_DAYS } from './offline-constants';
export { isPatternPassword, PASSWORD_CHECKLIST, PASSWORD_HINT, PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password-constants';
export { formatPortTime } from './time-format';

export { isSafeNextPath, NEXT_PATH_MAX } from './next-path';

/**
 * Whether a voyage's departure date (YYYY-MM-DD) has begun anywhere on Earth
 * (the earliest zone is UTC+14): the same rule the server applies before it
 * takes check-ins or a completion (the domain's hasDepartureDayBegun), so the
 * voyage page offers them only from then. No date: no limit.
 */
export function hasDepartureDayBegun(startDate: string | null | undefined, now: Date): boolean {
  if (!startDate || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)) return true;
  return now.getTime() >= Date.parse(`${startDate}T00:00:00Z`) - 14 * 3_600_000;
}

/** A departure date in words ("1 July 2027", "1 juillet 2027"), as the refusals say it; `locale` is the reader's language. */
export const departureDayText = (startDate: string, locale = 'en'): string =>
  new Date(`${startDate}T00:00:00Z`).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

// Field limits the forms and the schemas share (one file per area).
export * from './form-limits/voyages';
export * from './form-limits/admin';
export * from './form-limits/account';
export * from './form-limits/community';
