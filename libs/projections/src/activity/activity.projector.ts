import { isVoyageEvent, voyageIdOfStream, type RecordedEvent, type VoyageEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import type { Written } from '../row-forms';
import type { ActivityFeedKind, ActivityFeedRow, ActivityVoyageRow } from './activity.rows';

const TYPES = new Set<string>([
  'VoyageDraftSaved',
  'VoyagePublished',
  'ApplicationSubmitted',
  'ApplicationWithdrawn',
  'ApplicationAccepted',
  'ApplicationRejected',
  'ApplicationExpired',
  'CrewAgreementIssued',
  'CrewAgreementAccepted',
  'FloatPlanFiled',
  'VoyageCancelled',
  'VoyageDeleted',
]);

/** A feed row as this projector writes it: its time as the event's ISO text. */
type FeedRow = Written<ActivityFeedRow>;

const INSERT_FEED = `INSERT INTO activity_feed (member_id, event_id, kind, voyage_id, actor_id, subject_id, at)
SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::uuid[], $7::timestamptz[])
ON CONFLICT (member_id, event_id) DO NOTHING`;

const INSERT_VOYAGES = `INSERT INTO activity_voyages (voyage_id, skipper_id)
SELECT * FROM unnest($1::uuid[], $2::uuid[])
ON CONFLICT (voyage_id) DO NOTHING`;

/**
 * The activity feed (`activity_feed`): for each event, a row for each member
 * it concerns, from that member's side: the crew member who applied and the
 * skipper who received it, the applicant told of a decision, the crew member
 * issued an agreement and the skipper whose agreement was accepted, the crew
 * aboard a filed float plan, the applicants and crew of a cancelled voyage.
 * Ids, kinds and times only; names and titles are joined when read.
 *
 * The skipper of a voyage comes from the projection's own `activity_voyages`
 * (recorded from the voyage's first draft or publication), never from
 * another projection. A batch costs at most four statements: the skippers of
 * the voyages it names that it did not itself record, then one multi-row
 * insert of new voyages, one of feed rows (keyed by member and event, so a
 * replayed event adds nothing), and one delete for deleted voyages (nothing
 * follows a deletion in its stream). One event is the same fold with a batch
 * of one, so every batch size writes the same rows.
 */
export const activityProjector: Projector = {
  name: 'activity',
  tables: ['activity_feed', 'activity_voyages'],
  handles: (recorded) => TYPES.has(recorded.type),
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const relevant: { recorded: RecordedEvent; event: VoyageEvent; voyageId: string }[] = [];
    for (const recorded of events) {
      if (!TYPES.has(recorded.type)) continue;
      const event = { type: recorded.type, data: recorded.data };
      if (!isVoyageEvent(event)) continue;
      relevant.push({ recorded, event, voyageId: voyageIdOfStream(recorded.streamId) });
    }
    if (relevant.length === 0) return;

    // Skippers recorded in this batch, then those recorded before it (one read).
    const skippers = new Map<string, string>();
    const newVoyages = new Map<string, string>();
    for (const { event, voyageId } of relevant) {
      if ((event.type === 'VoyageDraftSaved' || event.type === 'VoyagePublished') && !newVoyages.has(voyageId)) newVoyages.set(voyageId, event.data.skipperId);
    }
    const unknown = [...new Set(relevant.map((r) => r.voyageId))];
    if (unknown.length > 0) {
      const stored = await manager.query<ActivityVoyageRow[]>('SELECT voyage_id, skipper_id FROM activity_voyages WHERE voyage_id = ANY($1::uuid[])', [unknown]);
      for (const row of stored) skippers.set(row.voyage_id, row.skipper_id);
    }
    const toInsert: [string, string][] = [];
    for (const [voyageId, skipperId] of newVoyages) {
      if (skippers.has(voyageId)) continue;
      skippers.set(voyageId, skipperId);
      toInsert.push([voyageId, skipperId]);
    }

    const rows: FeedRow[] = [];
    const deleted = new Set<string>();
    for (const { recorded, event, voyageId } of relevant) {
      const skipper = skippers.get(voyageId) ?? null;
      const add = (memberId: string | null | undefined, kind: ActivityFeedKind, actorId: string | null, subjectId: string | null = null): void => {
        if (!memberId || memberId === actorId) return;
        rows.push({ member_id: memberId, event_id: recorded.id, kind, voyage_id: voyageId, actor_id: actorId, subject_id: subjectId, at: recorded.metadata.timestamp });
      };
      switch (event.type) {
        case 'ApplicationSubmitted':
          add(event.data.crewId, 'application_sent', null, event.data.applicationId);
          add(skipper, 'application_received', event.data.crewId, event.data.applicationId);
          break;
        case 'ApplicationWithdrawn':
          add(event.data.crewId, 'application_withdrawn', null, event.data.applicationId);
          add(skipper, 'application_withdrawn', event.data.crewId, event.data.applicationId);
          break;
        case 'ApplicationAccepted':
          add(event.data.crewId, 'application_accepted', skipper, event.data.applicationId);
          break;
        case 'ApplicationRejected':
          // Rejected because the voyage was cancelled: the cancellation says so.
          if (event.data.reason !== 'voyage_cancelled') add(event.data.crewId, 'application_rejected', skipper, event.data.applicationId);
          break;
        case 'ApplicationExpired':
          add(event.data.crewId, 'application_expired', skipper, event.data.applicationId);
          break;
        case 'CrewAgreementIssued':
          add(event.data.crewId, 'agreement_issued', skipper, event.data.agreementId);
          break;
        case 'CrewAgreementAccepted':
          add(skipper, 'agreement_accepted', event.data.crewId, event.data.agreementId);
          break;
        case 'FloatPlanFiled':
          for (const memberId of new Set(event.data.aboard)) if (memberId !== skipper && memberId !== recorded.metadata.userId) add(memberId, 'float_plan_filed', skipper);
          break;
        case 'VoyageCancelled':
          for (const memberId of new Set(event.data.notifiedCrewIds ?? [])) if (memberId !== skipper) add(memberId, 'voyage_cancelled', skipper);
          break;
        case 'VoyageDeleted':
          deleted.add(voyageId);
          break;
        default:
          break;
      }
    }

    if (toInsert.length > 0) await manager.query(INSERT_VOYAGES, [toInsert.map(([v]) => v), toInsert.map(([, s]) => s)]);
    if (rows.length > 0) {
      await manager.query(INSERT_FEED, [
        rows.map((r) => r.member_id),
        rows.map((r) => r.event_id),
        rows.map((r) => r.kind),
        rows.map((r) => r.voyage_id),
        rows.map((r) => r.actor_id),
        rows.map((r) => r.subject_id),
        rows.map((r) => r.at),
      ]);
    }
    if (deleted.size > 0) {
      const ids = [...deleted];
      await manager.query('DELETE FROM activity_feed WHERE voyage_id = ANY($1::uuid[])', [ids]);
      await manager.query('DELETE FROM activity_voyages WHERE voyage_id = ANY($1::uuid[])', [ids]);
    }
  },
};
