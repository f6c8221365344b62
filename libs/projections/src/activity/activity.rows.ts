/*
 * The activity feed: for each event, a row for each member it concerns, from that member's side.
 * - Tables: `activity_feed` and `activity_voyages` (each voyage's skipper, the projection's own), created in
 *   apps/api/src/platform/database/migrations/1764990000000-activity-feed.ts.
 * - Projector: activity.projector.ts (`activity`).
 * - Reader: apps/api/src/modules/activity/queries/get-my-activity.query.ts (merged there with reviews and unread
 *   conversations, which are state).
 */

/** What a feed row says happened, from its member's side (the contracts' ActivityKind, less what is read at query time). */
export type ActivityFeedKind =
  | 'application_sent'
  | 'application_received'
  | 'application_withdrawn'
  | 'application_accepted'
  | 'application_rejected'
  | 'application_expired'
  | 'agreement_issued'
  | 'agreement_accepted'
  | 'float_plan_filed'
  | 'voyage_cancelled';

/** A row of `activity_feed`, in the forms of ../row-forms.ts. Ids, kinds and times only: names and titles are joined when read. */
export interface ActivityFeedRow {
  readonly member_id: string;
  readonly event_id: string;
  readonly kind: ActivityFeedKind;
  readonly voyage_id: string;
  /** Who did it (the other side), when not the member. */
  readonly actor_id: string | null;
  /** The application or agreement it is about. */
  readonly subject_id: string | null;
  readonly at: Date;
}

/** A row of `activity_voyages`: the skipper of each voyage, from its first draft or publication. */
export interface ActivityVoyageRow {
  readonly voyage_id: string;
  readonly skipper_id: string;
}
