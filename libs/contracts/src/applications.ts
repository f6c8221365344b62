import { z } from 'zod';
import { matchScoreSchema } from './match';
import { crewSkillsSchema, trustSummarySchema } from './profile';
import { safeText } from './text';
import { ratingSummarySchema } from './reviews';
import { APPLICATION_MESSAGE, APPLICATION_STATUSES, VOYAGE_LIFECYCLE, VOYAGE_STATUSES } from './constants';
import { APPLICATION_MESSAGE_TEXTS } from '@crew/rules';

/** POST /api/applications/: the whole voyage (no segment_orders) or some of its legs. */
export const applyRequestSchema = z
  .object({
    voyage_id: z.uuid('Voyage not found'),
    message: safeText().trim().min(APPLICATION_MESSAGE.min, APPLICATION_MESSAGE_TEXTS.tooShort).max(APPLICATION_MESSAGE.max, APPLICATION_MESSAGE_TEXTS.tooLong),
    /** 1-based leg orders; absent or empty means the whole voyage. */
    segment_orders: z.array(z.number().int().min(1).max(100)).max(100).optional(),
  })
  .strict()
  .meta({ id: 'ApplyRequest' });
export type ApplyRequest = z.input<typeof applyRequestSchema>;

/** The voyage as an application shows it. */
export const applicationVoyageSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(VOYAGE_STATUSES),
  departure_port: z.string().nullable(),
  arrival_port: z.string().nullable(),
  estimated_start_date: z.string().nullable(),
  estimated_end_date: z.string().nullable(),
  skipper: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
});

export const applicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    message: z.string(),
    /** Legs applied for (1-based); empty: the whole voyage. */
    segment_orders: z.array(z.number().int()),
    created_at: z.string(),
    updated_at: z.string(),
    voyage: applicationVoyageSchema,
  })
  .meta({ id: 'Application' });
export type ApplicationResponse = z.infer<typeof applicationSchema>;

export const myApplicationsResponseSchema = z.object({ applications: z.array(applicationSchema) }).meta({ id: 'MyApplications' });
export type MyApplicationsResponse = z.infer<typeof myApplicationsResponseSchema>;

/** The applicant as the skipper reviewing the application sees them. */
export const crewMemberSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profile_photo_url: z.string().nullable(),
  sailing_experience: z.object({ years_sailing: z.number(), informal_description: z.string(), certifications: z.array(z.string()), sailing_areas: z.array(z.string()) }).nullable(),
  crew_skills: crewSkillsSchema.nullable(),
  /** The applicant's average rating and count of visible reviews. */
  rating: ratingSummarySchema,
  /** How well the applicant fits this voyage, with the reasons. */
  match_score: matchScoreSchema.optional(),
  /** The applicant's trust level and points, the same as on their profile. */
  trust: trustSummarySchema.optional(),
});
export type CrewMember = z.infer<typeof crewMemberSchema>;

export const voyageApplicationSchema = applicationSchema.extend({ crew_member: crewMemberSchema }).meta({ id: 'VoyageApplication' });
export type VoyageApplication = z.infer<typeof voyageApplicationSchema>;

/** GET /api/voyages/{id}/applications: the review page's voyage summary and its applications. */
export const voyageApplicationsResponseSchema = z
  .object({
    voyage: z.object({
      id: z.string(),
      title: z.string(),
      skipper_id: z.string(),
      departure_port: z.string().nullable(),
      arrival_port: z.string().nullable(),
      estimated_start_date: z.string().nullable(),
      estimated_duration_days: z.number().int().nullable(),
      status: z.enum(VOYAGE_LIFECYCLE),
      crew_needed: z.number().int(),
      current_crew_count: z.number().int(),
      segments: z.array(z.object({ order: z.number().int(), departure_port: z.string(), arrival_port: z.string(), crew_needed: z.number().int() })),
    }),
    applications: z.array(voyageApplicationSchema),
  })
  .meta({ id: 'VoyageApplications' });
export type VoyageApplicationsResponse = z.infer<typeof voyageApplicationsResponseSchema>;

/** Answer of apply, withdraw, accept and reject: the application as it now is. */
export const applicationActionResponseSchema = z.object({ message: z.string(), application: applicationSchema }).meta({ id: 'ApplicationAction' });
export type ApplicationActionResponse = z.infer<typeof applicationActionResponseSchema>;
