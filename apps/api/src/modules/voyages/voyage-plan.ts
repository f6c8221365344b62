import type { voyageRequestSchema } from '@crew/contracts';
import { isValidCoordinates, type BoatRef, type Coordinates, type LegPlan, type PortStop, type VoyagePlan } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { isUuid } from '../../platform/http/uuid';
import { crossesLand } from './land-crossing';

export type VoyageRequestBody = z.infer<typeof voyageRequestSchema>;
type SegmentBody = VoyageRequestBody['segments'][number];

interface PortRow {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
}

/** A stop as the form named it: a catalogue port id, or a point dropped on the map. */
interface StopInput {
  readonly portId: string | null;
  readonly name: string | null;
  readonly coordinates: Coordinates | null;
}

/** The legs chained into stops: the first departure, then every arrival. */
function stopsOf(segments: readonly SegmentBody[]): StopInput[] {
  const first = segments[0];
  if (!first) return [];
  const departure: StopInput = { portId: first.departure_port_id ?? null, name: first.departure_port ?? null, coordinates: first.departure_coordinates ?? null };
  return [
    departure,
    ...segments.map((segment) => ({ portId: segment.arrival_port_id ?? null, name: segment.arrival_port ?? null, coordinates: segment.arrival_coordinates ?? null })),
  ];
}

/**
 * Turns the create/edit body into the domain's plan. Catalogue ports are read
 * back from the ports table by id, so names and coordinates are ours, not the
 * client's; an unknown id leaves the stop without coordinates and the domain
 * answers with the form's "Please select valid ports" message. The boat is
 * looked up so the domain can check it is the skipper's and active.
 */
export async function resolveVoyagePlan(dataSource: DataSource, body: VoyageRequestBody): Promise<{ plan: VoyagePlan; boat: BoatRef | null }> {
  const stops = body.is_custom_voyage ? [] : stopsOf(body.segments);
  const portIds = [...new Set(stops.map((stop) => stop.portId).filter((id): id is string => Boolean(id)))];
  const ports = portIds.length ? await dataSource.query<PortRow[]>('SELECT id, name, longitude, latitude FROM ports WHERE id = ANY($1::text[])', [portIds]) : [];
  const portsById = new Map(ports.map((port) => [port.id, port]));
  const resolvedStops: PortStop[] = stops.map((stop) => {
    if (stop.portId) {
      const port = portsById.get(stop.portId);
      return port ? { name: port.name, portId: port.id, coordinates: [port.longitude, port.latitude] } : { name: stop.name ?? stop.portId, portId: stop.portId, coordinates: null };
    }
    // A point dropped on the map: its own name and position, no catalogue id.
    const coordinates = stop.coordinates && isValidCoordinates(stop.coordinates) ? stop.coordinates : null;
    return { name: stop.name?.trim() || 'Custom point', portId: null, coordinates };
  });

  // Each leg keeps what the form says about it; the land check is ours, from the ports' own positions.
  const legs: LegPlan[] = body.is_custom_voyage
    ? []
    : body.segments.map((segment, index) => {
        const from = resolvedStops[index]?.coordinates ?? null;
        const to = resolvedStops[index + 1]?.coordinates ?? null;
        return {
          departureDate: segment.estimated_departure_date ?? null,
          arrivalDate: segment.estimated_arrival_date ?? null,
          // An override without a distance is refused by the domain as "greater than 0".
          distanceNm: segment.distance_manual_override ? (segment.distance_nm ?? 0) : null,
          crossesLand: from !== null && to !== null && crossesLand(from, to),
        };
      });

  const first = body.segments[0];
  const plan: VoyagePlan = {
    title: body.title,
    description: body.description,
    startDate: body.estimated_start_date,
    endDate: body.estimated_end_date,
    minExperience: body.requirements.min_experience,
    skills: body.requirements.skills,
    crewNeeded: body.requirements.crew_needed,
    contribution: {
      type: body.contribution_type,
      amount: body.contribution_type === 'free' ? null : (body.contribution_amount ?? null),
      currency: body.contribution_currency,
      details: body.contribution_details,
    },
    isCustom: body.is_custom_voyage,
    includesFood: body.includes_food,
    customNotes: body.custom_voyage_notes,
    stops: resolvedStops,
    legs,
    custom: body.is_custom_voyage
      ? {
          departure: first?.departure_custom_location ?? first?.departure_port ?? '',
          destination: first?.arrival_custom_location ?? first?.arrival_port ?? '',
          distanceNm: first?.distance_nm ?? null,
        }
      : null,
  };
  return { plan, boat: await findBoat(dataSource, body.boat_id ?? null) };
}

async function findBoat(dataSource: DataSource, boatId: string | null): Promise<BoatRef | null> {
  if (!boatId || !isUuid(boatId)) return null;
  const [row] = await dataSource.query<{ id: string; owner_id: string; is_active: boolean }[]>('SELECT id, owner_id, is_active FROM boats WHERE id = $1', [boatId]);
  return row ? { id: row.id, ownerId: row.owner_id, isActive: row.is_active } : null;
}
