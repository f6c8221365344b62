import { z } from 'zod';
import { ratingSummarySchema } from './reviews';
import { matchScoreSchema } from './match';
import { trustSummarySchema } from './profile';
import { BOAT_TYPES } from './boats';
import { calendarDate, safeText } from './text';
import {
  MAP_MAX_ZOOM,
  CONTRIBUTION_TYPE_VALUES,
  CREW_NEEDED_LIMITS,
  CURRENCY_VALUES,
  EXPERIENCE_LEVEL_VALUES,
  MAX_MANUAL_DISTANCE_NM,
  MAX_VOYAGE_SKILLS,
  APPLICATION_STATUSES,
  VOYAGE_LIFECYCLE,
  VOYAGE_STATUSES,
} from './constants';
import { CONTRIBUTION_AMOUNT_MAX, MAX_VOYAGE_LEGS, VOYAGE_MESSAGES, VOYAGE_TEXT_MAX } from './form-limits/voyages';

const isoDate = calendarDate();
/** [longitude, latitude], as GeoJSON orders coordinates. */
export const coordinatesSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/**
 * One leg as the form sends it. A catalogue leg names its ports by id (the
 * server looks up names and coordinates); a point dropped on the map has a name
 * and coordinates but no id; a custom voyage's leg has free-text locations and
 * a manual distance.
 */
export const segmentRequestSchema = z
  .object({
    departure_port_id: safeText().max(64).nullish(),
    arrival_port_id: safeText().max(64).nullish(),
    departure_port: safeText().trim().max(VOYAGE_TEXT_MAX.placeName).nullish(),
    arrival_port: safeText().trim().max(VOYAGE_TEXT_MAX.placeName).nullish(),
    departure_coordinates: coordinatesSchema.nullish(),
    arrival_coordinates: coordinatesSchema.nullish(),
    departure_custom_location: safeText().trim().max(VOYAGE_TEXT_MAX.placeName).nullish(),
    arrival_custom_location: safeText().trim().max(VOYAGE_TEXT_MAX.placeName).nullish(),
    /** Custom voyage: the manual distance. Catalogue leg: the skipper's own distance when distance_manual_override is true. */
    distance_nm: z.number().min(0, VOYAGE_MESSAGES.distanceNotPositive).max(MAX_MANUAL_DISTANCE_NM, VOYAGE_MESSAGES.distanceTooLarge).nullish(),
    distance_manual_override: z.boolean().nullish(),
    estimated_departure_date: isoDate.nullish(),
    estimated_arrival_date: isoDate.nullish(),
    description: safeText().trim().max(VOYAGE_TEXT_MAX.legDescription).nullish(),
  })
  .meta({ id: 'SegmentRequest' });
export type SegmentRequest = z.infer<typeof segmentRequestSchema>;

export const voyageRequirementsSchema = z.object({
  crew_needed: z
    .number({ message: VOYAGE_MESSAGES.crewNeededRange })
    .int(VOYAGE_MESSAGES.crewNeededRange)
    .min(CREW_NEEDED_LIMITS.min, VOYAGE_MESSAGES.crewNeededRange)
    .max(CREW_NEEDED_LIMITS.max, VOYAGE_MESSAGES.crewNeededRange)
    .default(CREW_NEEDED_LIMITS.default),
  min_experience: z.enum(EXPERIENCE_LEVEL_VALUES).default('beginner'),
  /** Skills from the one taxonomy (libs/rules), by label, key or an older name; the voyage keeps them as keys. */
  skills: z
    .array(
      // Free text or a skill from the list; only skills on the list count in the match score.
      safeText().trim().min(1).max(VOYAGE_TEXT_MAX.skill),
    )
    .max(MAX_VOYAGE_SKILLS, VOYAGE_MESSAGES.tooManySkills)
    .default([]),
});

const contributionAmount = z.number({ message: VOYAGE_MESSAGES.contributionNotNumber }).min(0, VOYAGE_MESSAGES.contributionNegative).max(CONTRIBUTION_AMOUNT_MAX);

/** Create (POST /api/voyages/) and full edit (PUT /api/voyages/{id}), with the voyage form's messages (VOYAGE_MESSAGES). */
export const voyageRequestSchema = z
  .object({
    title: safeText().trim().max(VOYAGE_TEXT_MAX.title, VOYAGE_MESSAGES.titleTooLong),
    description: safeText().trim().max(VOYAGE_TEXT_MAX.description).default(''),
    estimated_start_date: isoDate.or(z.literal('')).default(''),
    estimated_end_date: isoDate.or(z.literal('')).default(''),
    contribution_type: z.enum(CONTRIBUTION_TYPE_VALUES).default('free'),
    contribution_amount: contributionAmount.nullish(),
    contribution_currency: z.enum(CURRENCY_VALUES).default('USD'),
    contribution_details: safeText().trim().max(VOYAGE_TEXT_MAX.contributionDetails).default(''),
    boat_id: safeText().max(64).nullish(),
    requirements: voyageRequirementsSchema.default({ crew_needed: CREW_NEEDED_LIMITS.default, min_experience: 'beginner', skills: [] }),
    is_custom_voyage: z.boolean().default(false),
    custom_voyage_notes: safeText().trim().max(VOYAGE_TEXT_MAX.customNotes).default(''),
    /** The skipper's "Includes food" checkbox: meals aboard are included (absent: not included). */
    includes_food: z.boolean().default(false),
    segments: z.array(segmentRequestSchema).max(MAX_VOYAGE_LEGS, VOYAGE_MESSAGES.tooManyLegs).default([]),
    /** Save as a draft (only its skipper sees it) instead of publishing. */
    draft: z.boolean().default(false),
  })
  .meta({ id: 'VoyageRequest' });
export type VoyageRequest = z.input<typeof voyageRequestSchema>;

export const voyageStatusChangeSchema = z
  .object({ status: z.enum(VOYAGE_STATUSES) })
  .strict()
  .meta({ id: 'VoyageStatusChange' });
export const voyageContributionChangeSchema = z
  .object({
    contribution_type: z.enum(CONTRIBUTION_TYPE_VALUES),
    contribution_amount: contributionAmount.nullish(),
    contribution_currency: z.enum(CURRENCY_VALUES).default('GBP'),
    contribution_details: safeText().trim().max(VOYAGE_TEXT_MAX.contributionDetails).default(''),
  })
  .strict()
  .meta({ id: 'VoyageContributionChange' });

/** PUT /api/voyages/{id}: three bodies (full edit, crew needed, status), told apart by their fields. */
export const voyageUpdateSchema = z.union([voyageStatusChangeSchema, voyageContributionChangeSchema, voyageRequestSchema]).meta({ id: 'VoyageUpdate' });
export type VoyageUpdate = z.input<typeof voyageUpdateSchema>;

export const segmentSchema = z
  .object({
    id: z.string(),
    segment_order: z.number().int(),
    departure_port: z.string(),
    arrival_port: z.string(),
    departure_port_id: z.string().nullable(),
    arrival_port_id: z.string().nullable(),
    departure_custom_location: z.string().nullable(),
    arrival_custom_location: z.string().nullable(),
    departure_coordinates: coordinatesSchema.nullable(),
    arrival_coordinates: coordinatesSchema.nullable(),
    distance_nm: z.number(),
    distance_manual_override: z.boolean(),
    /** Half the voyage's crew, rounded up. Not the berths a crew member can apply for: see berths_open. */
    crew_needed: z.number().int(),
    /** Berths still open on this leg: the voyage's crew needed less the accepted crew aboard it (whole-voyage crew sit on every leg). */
    berths_open: z.number().int(),
    /** The straight line between the leg's ends crosses land: distance_nm is an underestimate unless distance_manual_override. */
    crosses_land: z.boolean(),
    /** From the leg's dates when both are known (whole days × 24). */
    estimated_duration_hours: z.number().nullable(),
    estimated_departure_date: z.string().nullable(),
    estimated_arrival_date: z.string().nullable(),
    description: z.string(),
  })
  .meta({ id: 'Segment' });
export type SegmentResponse = z.infer<typeof segmentSchema>;

export const voyageSkipperSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo_url: z.string().nullable(),
  /** Published voyages of this skipper (not drafts, not cancelled). */
  voyage_count: z.number().int(),
  /** The skipper's average rating and count of visible reviews (on the voyage page, GET /api/voyages/{id}; absent in lists). */
  rating: ratingSummarySchema.optional(),
  /** Share (0–1) of applications the skipper accepted or rejected within 7 days; null until one is due. */
  response_rate: z.number().min(0).max(1).nullable().optional(),
  /** Median hours from an application to the skipper's answer; null until they have answered one. */
  median_response_hours: z.number().min(0).nullable().optional(),
  /** The skipper's trust level and points (on the voyage page; absent in lists): the same as on their profile. */
  trust: trustSummarySchema.optional(),
});

export const voyageBoatSchema = z.object({
  id: z.string(),
  name: z.string(),
  boat_type: z.enum(BOAT_TYPES),
  make_model: z.string(),
  length_feet: z.number(),
  year_built: z.number().nullable(),
  max_crew: z.number(),
  berths: z.number().nullable(),
  boat_photo_url: z.string().nullable(),
  boat_photo_thumbnail_url: z.string().nullable(),
  equipment: z.object({ safety: z.array(z.string()), navigation: z.array(z.string()), comfort: z.array(z.string()) }),
});

/** A voyage as it is read. Dates are YYYY-MM-DD or null (shown as TBD). */
export const voyageSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(VOYAGE_LIFECYCLE),
    estimated_start_date: z.string().nullable(),
    estimated_end_date: z.string().nullable(),
    estimated_duration_days: z.number().int().nullable(),
    total_distance_nm: z.number(),
    total_crew_needed: z.number().int(),
    current_crew_count: z.number().int(),
    pending_count: z.number().int(),
    application_count: z.number().int(),
    contribution_type: z.enum(CONTRIBUTION_TYPE_VALUES),
    contribution_amount: z.number().nullable(),
    contribution_currency: z.enum(CURRENCY_VALUES),
    contribution_details: z.string(),
    is_custom_voyage: z.boolean(),
    custom_voyage_notes: z.string(),
    /** The skipper says meals aboard are included (their form's checkbox). */
    includes_food: z.boolean(),
    coordinates: coordinatesSchema.nullable(),
    color: z.string(),
    departure_port: z.string().nullable(),
    arrival_port: z.string().nullable(),
    skipper: voyageSkipperSchema,
    boat: voyageBoatSchema.nullable(),
    requirements: z.object({ crew_needed: z.number().int(), skills: z.array(z.string()), min_experience: z.enum(EXPERIENCE_LEVEL_VALUES) }),
    segments: z.array(segmentSchema),
    /** True when the signed-in user is this voyage's skipper. */
    is_owner: z.boolean(),
    /** An administrator suspended it: out of browse, map and search, closed to applications; shown only to its skipper, its applicants and administrators. */
    suspended: z.boolean(),
    /** The signed-in user's application to this voyage, the highest ranked when several (APPLICATION_STATUS_RANKING); null: none. */
    my_application: z.object({ id: z.string(), status: z.enum(APPLICATION_STATUSES) }).nullable(),
    /** How well the signed-in crew member fits this voyage (absent for guests and skipper accounts). */
    match_score: matchScoreSchema.optional(),
    /** The departure date passed and the voyage was never started: out of browse, kept for its skipper and crew. */
    archived: z.boolean().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Voyage' });
export type VoyageResponse = z.infer<typeof voyageSchema>;

const dateFilter = isoDate.optional();
/** GET /api/voyages/: filters applied on the server, combinable, all in the URL. */
export const voyageListQuerySchema = z
  .object({
    search: safeText().trim().max(VOYAGE_TEXT_MAX.search).optional(),
    departure_from: dateFilter,
    departure_to: dateFilter,
    duration: z.enum(['days', 'weeks', 'months']).optional(),
    contribution: z.enum(['free', 'shared', 'paid']).optional(),
    status: z.enum(VOYAGE_STATUSES).optional(),
    /** west,south,east,north in degrees: voyages departing inside the map's view. */
    bbox: z
      .string()
      .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox is west,south,east,north')
      .optional(),
    skipper_id: z.uuid().optional(),
    /** departure (default) or match: best match score first for a signed-in crew member (departure for others). */
    sort: z.enum(['departure', 'match']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .meta({ id: 'VoyageListQuery' });
export type VoyageListQuery = z.input<typeof voyageListQuerySchema>;

export const voyageListResponseSchema = z
  .object({ voyages: z.array(voyageSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'VoyageList' });
export type VoyageListResponse = z.infer<typeof voyageListResponseSchema>;

/**
 * GET /api/voyages/map: the browse filters, plus the map's view. `bbox` is the
 * visible area (west may exceed east across the antimeridian; the whole world
 * when absent) and `zoom` the map's zoom: the answer is what that view draws.
 */
export const voyageMapQuerySchema = voyageListQuerySchema
  .omit({ limit: true, offset: true, sort: true })
  .extend({ zoom: z.coerce.number().int().min(0).max(MAP_MAX_ZOOM).default(3) })
  .meta({ id: 'VoyageMapQuery' });
export type VoyageMapQuery = z.input<typeof voyageMapQuerySchema>;

/** Nearby voyages drawn as one numbered bubble; a click zooms to `expansion_zoom`, where it splits. */
export const voyageMapClusterSchema = z.object({
  coordinates: coordinatesSchema,
  count: z.number().int().min(2),
  expansion_zoom: z.number().int().min(0).max(MAP_MAX_ZOOM),
});
export type VoyageMapCluster = z.infer<typeof voyageMapClusterSchema>;

/** One voyage's marker; its popup reads the voyage itself (GET /api/voyages/{id}) when opened. */
export const voyageMapPointSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Where the marker stands: the departure, moved onto a ring when voyages share it. */
  coordinates: coordinatesSchema,
  color: z.string(),
});
export type VoyageMapPoint = z.infer<typeof voyageMapPointSchema>;

/**
 * What the view shows, clustered on the server: a few hundred items whatever
 * the number of voyages, so a phone never downloads or indexes them all.
 */
export const voyageMapResponseSchema = z
  .object({
    /** Voyages matching the filters with a position, worldwide (cancelled ones never show on the map). */
    total: z.number().int(),
    clusters: z.array(voyageMapClusterSchema),
    points: z.array(voyageMapPointSchema),
  })
  .meta({ id: 'VoyageMap' });
export type VoyageMapResponse = z.infer<typeof voyageMapResponseSchema>;

/** GET /api/voyages/route-check: the legs of a route as a list of stops, `lon,lat;lon,lat;…` (2 to 31 stops). */
export const routeCheckQuerySchema = z
  .object({
    points: z
      .string()
      .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?(;-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?){1,30}$/, 'points is lon,lat;lon,lat;… (2 to 31 stops)')
      .transform((value) => value.split(';').map((pair) => pair.split(',').map(Number) as [number, number]))
      .refine((points) => points.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90), 'Longitude is -180 to 180, latitude -90 to 90'),
  })
  .meta({ id: 'RouteCheckQuery' });
export type RouteCheckQuery = z.infer<typeof routeCheckQuerySchema>;

export const routeCheckResponseSchema = z
  .object({
    legs: z.array(
      z.object({
        /** Great-circle nautical miles, rounded, as the server measures a leg. */
        distance_nm: z.number().int(),
        /** The straight line crosses land: the passage is longer than distance_nm. */
        crosses_land: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'RouteCheck' });
export type RouteCheckResponse = z.infer<typeof routeCheckResponseSchema>;

export const myVoyagesResponseSchema = z.object({ voyages: z.array(voyageSchema) }).meta({ id: 'MyVoyages' });
export type MyVoyagesResponse = z.infer<typeof myVoyagesResponseSchema>;

export const cancelVoyageResponseSchema = z.object({ message: z.string(), notifications_sent: z.number().int(), voyage: voyageSchema }).meta({ id: 'CancelVoyageResponse' });
export type CancelVoyageResponse = z.infer<typeof cancelVoyageResponseSchema>;
