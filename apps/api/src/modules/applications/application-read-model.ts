import type { ApplicationResponse, CrewMember, VoyageApplication } from '@crew/contracts';
import type { ApplicationViewRow, VoyageSummaryRow } from '@crew/projections';

/** The SELECT every application query shares: the application, its message and its voyage as they are now. */
export const APPLICATION_SELECT = `
  SELECT a.application_id, a.status, a.segment_orders, a.created_at, a.updated_at, a.crew_id,
         coalesce(m.message, '') AS message,
         a.voyage_id, v.title AS voyage_title, v.status AS voyage_status, v.departure_port, v.arrival_port,
         to_char(v.start_date, 'YYYY-MM-DD') AS start_date, to_char(v.end_date, 'YYYY-MM-DD') AS end_date,
         v.skipper_id, coalesce(s.first_name, '') AS skipper_first_name, coalesce(s.last_name, '') AS skipper_last_name,
         coalesce(u.first_name, '') AS crew_first_name, coalesce(u.last_name, '') AS crew_last_name, coalesce(u.email, '') AS crew_email,
         u.profile_photo_url AS crew_photo, u.sailing_experience AS crew_experience, u.crew_skills
    FROM applications a
    JOIN voyage_summaries v ON v.voyage_id = a.voyage_id
    LEFT JOIN application_messages m ON m.application_id = a.application_id
    LEFT JOIN users s ON s.id = v.skipper_id
    LEFT JOIN users u ON u.id = a.crew_id`;

/** An application row as APPLICATION_SELECT reads it, with its message, its voyage and the people as they are now. */
export interface ApplicationRow
  extends
    Pick<ApplicationViewRow, 'application_id' | 'status' | 'segment_orders' | 'created_at' | 'updated_at' | 'crew_id' | 'voyage_id'>,
    Pick<VoyageSummaryRow, 'departure_port' | 'arrival_port' | 'start_date' | 'end_date' | 'skipper_id'> {
  message: string;
  voyage_title: VoyageSummaryRow['title'];
  /** Never a draft: only a published voyage takes applications. */
  voyage_status: ApplicationResponse['voyage']['status'];
  skipper_first_name: string;
  skipper_last_name: string;
  crew_first_name: string;
  crew_last_name: string;
  crew_email: string;
  crew_photo: string | null;
  crew_experience: { years_sailing?: number; informal_description?: string; certifications?: string[]; sailing_areas?: string[] } | null;
  crew_skills: CrewMember['crew_skills'];
}

export function toApplicationResponse(row: ApplicationRow): ApplicationResponse {
  return {
    id: row.application_id,
    status: row.status,
    message: row.message,
    segment_orders: row.segment_orders,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    voyage: {
      id: row.voyage_id,
      title: row.voyage_title,
      status: row.voyage_status,
      departure_port: row.departure_port,
      arrival_port: row.arrival_port,
      estimated_start_date: row.start_date,
      estimated_end_date: row.end_date,
      skipper: { id: row.skipper_id, first_name: row.skipper_first_name, last_name: row.skipper_last_name },
    },
  };
}

/** The application with its applicant's profile, for the voyage's skipper only. */
export function toVoyageApplication(row: ApplicationRow, rating: VoyageApplication['crew_member']['rating']): VoyageApplication {
  const experience = row.crew_experience;
  return {
    ...toApplicationResponse(row),
    crew_member: {
      id: row.crew_id,
      first_name: row.crew_first_name,
      last_name: row.crew_last_name,
      email: row.crew_email,
      profile_photo_url: row.crew_photo,
      sailing_experience: experience
        ? {
            years_sailing: experience.years_sailing ?? 0,
            informal_description: experience.informal_description ?? '',
            certifications: experience.certifications ?? [],
            sailing_areas: experience.sailing_areas ?? [],
          }
        : null,
      crew_skills: row.crew_skills,
      rating,
    },
  };
}
