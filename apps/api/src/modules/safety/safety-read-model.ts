import type { FloatPlanResponse, TimelineEntry } from '@crew/contracts';
import { FLOAT_PLAN_LINK_HOURS_AFTER_ARRIVAL, coastguardRegion, coastguardRegionAt, overdueAt } from '@crew/domain';
import type { FloatPlanRow, VoyageSummaryRow, VoyageTimelineRow } from '@crew/projections';
import type { DataSource } from 'typeorm';
import tzLookup from '@photostructure/tz-lookup';

/** A float plan as loadFloatPlan reads it (the whole row), with its voyage's title, skipper, status and legs. */
type PlanRow = FloatPlanRow & Pick<VoyageSummaryRow, 'title' | 'skipper_id' | 'status' | 'segments'>;

type TimelineRow = Pick<VoyageTimelineRow, 'event_id' | 'at' | 'kind' | 'actor_id' | 'data'>;

const fullName = (user: { first_name: string; last_name: string } | undefined): string => (user ? `${user.first_name} ${user.last_name}`.trim() : 'A former member');

/** When the shore contacts' link stops working: some days after the expected arrival. */
export const linkExpiresAt = (expectedArrivalAt: Date): Date => new Date(expectedArrivalAt.getTime() + FLOAT_PLAN_LINK_HOURS_AFTER_ARRIVAL * 3_600_000);

async function names(
  dataSource: DataSource,
  ids: readonly string[],
): Promise<Map<string, { first_name: string; last_name: string; phone_number: string | null; emergency_contact: Record<string, string> | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await dataSource.query<{ id: string; first_name: string; last_name: string; phone_number: string | null; emergency_contact: Record<string, string> | null }[]>(
    'SELECT id, first_name, last_name, phone_number, emergency_contact FROM users WHERE id = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const SUMMARY: Record<string, (row: TimelineRow, who: string) => string> = {
  float_plan_filed: (row, who) => `${who} filed float plan version ${row.data.version ?? ''}`,
  check_in_departed: (_row, who) => `${who} reported: departed`,
  check_in_position: (_row, who) => `${who} reported a position`,
  check_in_arrived: (_row, who) => `${who} reported: arrived`,
  overdue_alert: () => 'Overdue: the shore contacts and emergency contacts were alerted',
  agreement_issued: (row, who) => `${who} issued crew agreement version ${row.data.version ?? ''}`,
  agreement_accepted: (row, who) => `${who} accepted crew agreement version ${row.data.version ?? ''}`,
  log_confirmed: (row, who) => (row.data.by === 'auto' ? 'Sailing log confirmed automatically' : `${who} confirmed a crew member's legs`),
  log_removed: (_row, who) => `${who} removed a crew member who did not sail from the log`,
};

/** The voyage's safety timeline, oldest first; `kinds` narrows it (the shore contacts see plans, check-ins and alerts only). */
export async function timelineOf(dataSource: DataSource, voyageId: string, kinds?: readonly string[]): Promise<TimelineEntry[]> {
  const rows = await dataSource.query<TimelineRow[]>(
    `SELECT event_id, at, kind, actor_id, data FROM voyage_timeline WHERE voyage_id = $1 ${kinds ? 'AND kind = ANY($2::text[])' : ''} ORDER BY log_commit, log_prepare`,
    kinds ? [voyageId, kinds] : [voyageId],
  );
  const people = await names(
    dataSource,
    rows.flatMap((row) => (row.actor_id ? [row.actor_id] : [])),
  );
  return rows.map((row) => {
    const who = row.actor_id ? fullName(people.get(row.actor_id)) : 'Crew Finder';
    const note = row.data.note ? `: “${row.data.note}”` : '';
    // A check-in made without a connection is dated when it was made; when it reached us is said beside it.
    const late = row.data.receivedAt && row.data.reportedAt ? { made: row.data.reportedAt, received: row.data.receivedAt } : null;
    return {
      id: row.event_id,
      at: new Date(late ? late.made : row.at).toISOString(),
      kind: row.kind,
      actor: row.actor_id ? { id: row.actor_id, name: who } : null,
      summary: (SUMMARY[row.kind]?.(row, who) ?? row.kind) + note,
      lat: typeof row.data.lat === 'number' ? row.data.lat : null,
      lon: typeof row.data.lon === 'number' ? row.data.lon : null,
      ...(late ? { received_at: new Date(late.received).toISOString() } : {}),
    };
  });
}

export const SHORE_TIMELINE_KINDS = ['float_plan_filed', 'check_in_departed', 'check_in_position', 'check_in_arrived', 'overdue_alert'] as const;

/** The IANA time zone at a port ([longitude, latitude]); null without a position. */
export function portTimeZone(coordinates: readonly [number, number] | null): string | null {
  if (!coordinates) return null;
  try {
    return tzLookup(coordinates[1], coordinates[0]);
  } catch {
    return null;
  }
}

/**
 * The current float plan of a voyage with names, contacts who opted in, position, coastguard and timeline; null when none was filed.
 * Emergency contacts are those of crew who agreed to share them (on accepting the crew agreement), for the skipper and the shore
 * contacts; `onlyEmergencyContactOf` (a crew member's own view) keeps just theirs, so crew never see each other's.
 */
export async function loadFloatPlan(dataSource: DataSource, voyageId: string, forShore: boolean, onlyEmergencyContactOf?: string): Promise<FloatPlanResponse | null> {
  const [row] = await dataSource.query<PlanRow[]>(
    `SELECT f.*, v.title, v.skipper_id, v.status, v.segments
       FROM float_plans f JOIN voyage_summaries v ON v.voyage_id = f.voyage_id WHERE f.voyage_id = $1`,
    [voyageId],
  );
  if (!row) return null;
  const people = await names(dataSource, row.aboard);
  const shared = await dataSource.query<{ crew_id: string }[]>(
    'SELECT crew_id FROM crew_agreements WHERE voyage_id = $1 AND share_emergency_contact AND accepted_version IS NOT NULL AND crew_id = ANY($2::uuid[])',
    [voyageId, row.aboard],
  );
  const contacts = await dataSource.query<{ id: string; name: string }[]>('SELECT id, name FROM float_plan_contacts WHERE id = ANY($1::uuid[]) ORDER BY created_at, id', [
    row.shore_contact_ids,
  ]);
  const legs = row.segments.filter((segment) => row.segment_order === null || segment.order === row.segment_order);
  const lastPosition =
    row.last_lat !== null && row.last_lon !== null && row.last_position_at ? { lat: row.last_lat, lon: row.last_lon, at: new Date(row.last_position_at).toISOString() } : null;
  const region = lastPosition ? coastguardRegionAt([lastPosition.lon, lastPosition.lat]) : coastguardRegion(row.region);
  const expected = new Date(row.expected_arrival_at);
  const skipper = people.get(row.skipper_id);
  return {
    voyage_id: row.voyage_id,
    voyage_title: row.title,
    version: row.version,
    segment_order: row.segment_order,
    route: legs.map((leg) => ({ from: leg.departure.name, to: leg.arrival.name, distance_nm: leg.distanceNm })),
    departure_at: new Date(row.departure_at).toISOString(),
    expected_arrival_at: expected.toISOString(),
    overdue_alert_at: overdueAt({ expectedArrivalAt: expected.toISOString() }).toISOString(),
    boat_description: row.boat_description,
    call_sign: row.call_sign,
    notes: row.notes,
    skipper: { name: fullName(skipper), phone: skipper?.phone_number ?? '' },
    aboard: row.aboard.map((id) => ({ id, name: fullName(people.get(id)), role: id === row.skipper_id ? ('skipper' as const) : ('crew' as const) })),
    emergency_contacts: shared
      .filter(({ crew_id }) => onlyEmergencyContactOf === undefined || crew_id === onlyEmergencyContactOf)
      .flatMap(({ crew_id }) => {
        const contact = people.get(crew_id)?.emergency_contact;
        return contact?.['name'] && contact['phone']
          ? [{ for: fullName(people.get(crew_id)), name: contact['name'], relationship: contact['relationship'] ?? '', phone: contact['phone'] }]
          : [];
      }),
    shore_contacts: contacts.map((contact) => ({ name: contact.name })),
    status: row.arrived_at ? 'arrived' : row.overdue_at ? 'overdue' : row.departed_at ? 'departed' : 'filed',
    departed_at: row.departed_at ? new Date(row.departed_at).toISOString() : null,
    arrived_at: row.arrived_at ? new Date(row.arrived_at).toISOString() : null,
    overdue_at: row.overdue_at ? new Date(row.overdue_at).toISOString() : null,
    last_position: lastPosition,
    coastguard: { region: region.id, name: region.name, contacts: [...region.contacts] },
    timeline: await timelineOf(dataSource, voyageId, forShore ? SHORE_TIMELINE_KINDS : undefined),
    link_expires_at: linkExpiresAt(expected).toISOString(),
    time_zone: portTimeZone(legs[0]?.departure.coordinates ?? null),
  };
}
