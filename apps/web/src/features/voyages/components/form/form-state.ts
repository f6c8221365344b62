import {
  CONTRIBUTION_TYPE_VALUES,
  CREW_NEEDED_LIMITS,
  CURRENCY_VALUES,
  EXPERIENCE_LEVEL_VALUES,
  VOYAGE_TITLE_MIN,
  type Port,
  type SegmentRequest,
  type VoyageRequest,
  type VoyageResponse,
} from '@crew/contracts';
import { MAX_MANUAL_DISTANCE_NM, VOYAGE_MESSAGES } from '@crew/rules';
import { greatCircleNm, type LonLat, type RoutePoint } from './geo';

export type ContributionType = (typeof CONTRIBUTION_TYPE_VALUES)[number];
export type Currency = (typeof CURRENCY_VALUES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVEL_VALUES)[number];
export type FormMode = 'create' | 'edit';

/** A port chosen from the search (id set) or carried over from a saved voyage. */
export interface SelectedPort {
  readonly id: string | null;
  readonly name: string;
  readonly fullName: string;
  readonly region: string | null;
  readonly coordinates: LonLat;
}

/** One stop of the route: what is typed, and the port picked from the suggestions. */
export interface Stop {
  readonly key: string;
  readonly query: string;
  readonly port: SelectedPort | null;
  /** Intermediate stops only: planned arrival, between departure and return. */
  readonly arrivalDate: string;
  /** Intermediate stops only: planned departure for the next leg; empty: the day of arrival. */
  readonly departureDate: string;
}

/** What the voyage form holds (react-hook-form's values): the request's fields as typed, and the route as stops. */
export type VoyageFormValues = {
  title: string;
  description: string;
  estimated_start_date: string;
  estimated_end_date: string;
  contribution_type: ContributionType;
  contribution_amount: string;
  contribution_currency: Currency;
  contribution_details: string;
  /** The skipper's "Includes food" checkbox. */
  includes_food: boolean;
  boat_id: string;
  crew_needed: string;
  min_experience: ExperienceLevel;
  skills: string[];
  is_custom_voyage: boolean;
  custom_voyage_notes: string;
  departure_location: string;
  arrival_location: string;
  distance_nm: string;
  /** Departure first, destination last, intermediate stops between (a field array). */
  stops: Stop[];
  /** The skipper's own distance (nm, as typed) for a leg, keyed by legKey: replaces the great-circle estimate. */
  leg_distances: Record<string, string>;
};

/** Where the form shows a message: a field's name, or a place of the route. */
export type FieldKey =
  | 'title'
  | 'estimated_start_date'
  | 'estimated_end_date'
  | 'departure'
  | 'destination'
  | 'departure_location'
  | 'arrival_location'
  | 'distance_nm'
  | 'boat_id'
  | 'segments'
  | 'crew_needed'
  | 'contribution_amount'
  | 'skills'
  /** An intermediate stop's dates, by the stop's place in the field array. */
  | `stops.${number}.arrivalDate`
  /** A leg's own distance, by the leg's place in the route. */
  | `legs.${number}`;
export type FormErrors = Partial<Record<FieldKey, string>>;

/** The message of a stop's dates and of a leg's own distance. */
export const stopDatesField = (index: number) => `stops.${index}.arrivalDate` as const;
export const legDistanceField = (index: number) => `legs.${index}` as const;

let stopCounter = 0;
/** Stable React keys so reordering stops keeps each combobox's own state. */
export const newStop = (port: SelectedPort | null = null, arrivalDate = '', departureDate = ''): Stop => ({
  key: `stop-${++stopCounter}`,
  query: port?.name ?? '',
  port,
  arrivalDate,
  departureDate,
});

const portKey = (port: SelectedPort): string => port.id ?? `${port.coordinates[0]},${port.coordinates[1]}`;
/** A leg named by its two ports, so the skipper's own distance stays with the leg when stops are added, moved or removed. */
export const legKey = (from: SelectedPort, to: SelectedPort): string => `${portKey(from)}>${portKey(to)}`;

export const portFromSearch = (port: Port): SelectedPort => ({
  id: port.id,
  name: port.name,
  fullName: port.full_name,
  region: port.sailing_region,
  coordinates: [port.longitude, port.latitude],
});

/** A point the skipper places on the map: no port id, the typed name and the clicked coordinates (the API accepts these). */
export const customPoint = (name: string, coordinates: LonLat): SelectedPort => ({
  id: null,
  name,
  fullName: `${name} (custom point)`,
  region: null,
  coordinates: [coordinates[0], coordinates[1]],
});

/** Today as YYYY-MM-DD in the user's own time zone (the date inputs' min). */
export const todayIso = (now: Date = new Date()): string => {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

export const emptyForm = (): VoyageFormValues => ({
  title: '',
  description: '',
  estimated_start_date: '',
  estimated_end_date: '',
  contribution_type: 'free',
  contribution_amount: '',
  // The create form defaults to USD.
  contribution_currency: 'USD',
  contribution_details: '',
  includes_food: false,
  boat_id: '',
  crew_needed: String(CREW_NEEDED_LIMITS.default),
  min_experience: 'beginner',
  // Nothing is chosen for the skipper: the popular skills are offered as suggestions.
  skills: [],
  is_custom_voyage: false,
  custom_voyage_notes: '',
  departure_location: '',
  arrival_location: '',
  distance_nm: '',
  stops: [newStop(), newStop()],
  leg_distances: {},
});

type PickedStop = Stop & { port: SelectedPort };
const pickedStops = (stops: readonly Stop[]): PickedStop[] => stops.filter((stop): stop is PickedStop => stop.port !== null);

/** A leg of the catalogue route as the form shows and sends it. */
export interface FormLeg {
  readonly key: string;
  readonly from: PickedStop;
  readonly to: PickedStop;
  /** YYYY-MM-DD or '' (unknown): the first leg leaves on departure day, the last arrives on return day. */
  readonly departureDate: string;
  readonly arrivalDate: string;
  readonly greatCircleNm: number;
  /** The skipper's own distance as typed, '' when none. */
  readonly ownDistance: string;
  /** What the leg counts for: the skipper's own distance when it is a number, else the great-circle estimate. */
  readonly distanceNm: number;
}

const parseDistance = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The legs between the picked stops, with their dates and distances. */
export function formLegs(values: VoyageFormValues): FormLeg[] {
  const picked = pickedStops(values.stops);
  const legs: FormLeg[] = [];
  for (let i = 1; i < picked.length; i++) {
    const from = picked[i - 1] as PickedStop;
    const to = picked[i] as PickedStop;
    const key = legKey(from.port, to.port);
    const estimate = Math.round(greatCircleNm(from.port.coordinates, to.port.coordinates));
    const ownDistance = values.leg_distances[key] ?? '';
    const own = parseDistance(ownDistance);
    legs.push({
      key,
      from,
      to,
      departureDate: i === 1 ? values.estimated_start_date : from.departureDate || from.arrivalDate,
      arrivalDate: i === picked.length - 1 ? values.estimated_end_date : to.arrivalDate,
      greatCircleNm: estimate,
      ownDistance,
      distanceNm: own !== null && Number.isFinite(own) && own > 0 ? Math.max(1, Math.round(own)) : estimate,
    });
  }
  return legs;
}

/** A typed distance: more than 0, at most 50,000 nm. */
function distanceError(text: string): string | undefined {
  const distance = parseDistance(text);
  if (distance === null) return undefined;
  if (!Number.isFinite(distance) || !(distance > 0)) return VOYAGE_MESSAGES.distanceNotPositive;
  if (distance > MAX_MANUAL_DISTANCE_NM) return VOYAGE_MESSAGES.distanceTooLarge;
  return undefined;
}

/**
 * Intermediate stop dates (the server checks the same): inside the voyage's
 * dates, leaving on or after arriving, and arriving on or after the stop before.
 */
function stopDateErrors(values: VoyageFormValues): FormErrors {
  const errors: FormErrors = {};
  const start = values.estimated_start_date;
  const end = values.estimated_end_date;
  let previous = start;
  values.stops.forEach((stop, index) => {
    // The departure and the destination take the voyage's own dates.
    if (index === 0 || index === values.stops.length - 1) return;
    const key = stopDatesField(index);
    const dates = [stop.arrivalDate, stop.departureDate].filter(Boolean);
    if (dates.some((date) => (start && date < start) || (end && date > end))) errors[key] = VOYAGE_MESSAGES.stopDatesOutsideVoyage;
    else if (stop.arrivalDate && stop.departureDate && stop.departureDate < stop.arrivalDate) errors[key] = VOYAGE_MESSAGES.stopLeavesBeforeArriving;
    else if (previous && dates[0] && dates[0] < previous) errors[key] = VOYAGE_MESSAGES.stopBeforePreviousStop;
    const latest = stop.departureDate || stop.arrivalDate;
    if (latest) previous = latest;
  });
  return errors;
}

/** The stops that have a port picked, in order, as points for distances and drawing. */
export const selectedPoints = (stops: readonly Stop[]): RoutePoint[] => stops.flatMap((stop) => (stop.port ? [{ name: stop.port.name, coordinates: stop.port.coordinates }] : []));

/**
 * The publishing rules (a draft is saved without them), with the
 * API's messages, keyed by where each one is shown. The values' own limits
 * (crew, amount, skills, lengths) are the contract's: see contractErrors.
 */
export function validateVoyageForm(values: VoyageFormValues, mode: FormMode): FormErrors {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = VOYAGE_MESSAGES.titleRequired;
  else if (title.length < VOYAGE_TITLE_MIN) errors.title = VOYAGE_MESSAGES.titleTooShort;
  if (!values.estimated_start_date) errors.estimated_start_date = VOYAGE_MESSAGES.departureDateRequired;
  if (!values.estimated_end_date) errors.estimated_end_date = VOYAGE_MESSAGES.returnDateRequired;
  else if (values.estimated_start_date && values.estimated_end_date <= values.estimated_start_date) {
    errors.estimated_end_date = VOYAGE_MESSAGES.returnBeforeDeparture;
  }
  if (values.is_custom_voyage) {
    if (mode === 'create') {
      if (!values.departure_location.trim()) errors.departure_location = VOYAGE_MESSAGES.departureLocationRequired;
      if (!values.arrival_location.trim()) errors.arrival_location = VOYAGE_MESSAGES.destinationLocationRequired;
    }
    const distance = distanceError(values.distance_nm);
    if (distance) errors.distance_nm = distance;
    else if (mode === 'create' && values.distance_nm.trim() === '') errors.distance_nm = VOYAGE_MESSAGES.distanceNotPositive;
  } else {
    const first = values.stops[0];
    const last = values.stops[values.stops.length - 1];
    if (mode === 'create' && !first?.port) errors.departure = VOYAGE_MESSAGES.departurePortRequired;
    if (mode === 'create' && !last?.port) errors.destination = VOYAGE_MESSAGES.destinationPortRequired;
    // Typed text that was never picked from the suggestions cannot become a leg.
    const unpicked = values.stops.some((stop) => !stop.port && stop.query.trim() !== '');
    if (unpicked || buildSegments(values).length === 0) errors.segments = VOYAGE_MESSAGES.portsInvalid;
    Object.assign(errors, stopDateErrors(values));
    formLegs(values).forEach((leg, index) => {
      const error = distanceError(leg.ownDistance);
      if (error) errors[legDistanceField(index)] = error;
    });
  }
  if (!values.boat_id) errors.boat_id = VOYAGE_MESSAGES.boatRequired;
  return errors;
}

/** What the contract's schema finds wrong in the request these values make, each message shown where its value is typed. */
export function contractErrors(
  schema: { safeParse: (body: unknown) => { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
  values: VoyageFormValues,
): FormErrors {
  const request = toVoyageRequest(values);
  // Checked as typed: an empty or broken crew count is the contract's to refuse, not replaced by the default.
  const result = schema.safeParse({ ...request, requirements: { ...request.requirements, crew_needed: Number(values.crew_needed) } });
  const errors: FormErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = requestFieldOf(issue.path.map(String), values.is_custom_voyage);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Where a request value's message goes on the form (the same places as the server's refusals). */
function requestFieldOf(path: readonly string[], custom: boolean): FieldKey | undefined {
  const [head, index, leaf] = path;
  if (head === 'segments' && index !== undefined && leaf === 'distance_nm') return custom ? 'distance_nm' : legDistanceField(Number(index));
  return PATH_FIELDS[path.slice(0, 2).join('.')] ?? PATH_FIELDS[head ?? ''];
}

/** Route legs as the API wants them: catalogue legs chained by port, or one custom leg. */
export function buildSegments(values: VoyageFormValues): SegmentRequest[] {
  if (values.is_custom_voyage) {
    const distance = values.distance_nm.trim() === '' ? null : Number(values.distance_nm);
    return [
      {
        departure_custom_location: values.departure_location.trim(),
        arrival_custom_location: values.arrival_location.trim(),
        distance_nm: distance,
        estimated_departure_date: values.estimated_start_date || null,
        estimated_arrival_date: values.estimated_end_date || null,
      },
    ];
  }
  return formLegs(values).map((leg) => {
    const own = parseDistance(leg.ownDistance);
    return {
      departure_port_id: leg.from.port.id,
      arrival_port_id: leg.to.port.id,
      departure_port: leg.from.port.name,
      arrival_port: leg.to.port.name,
      departure_coordinates: [leg.from.port.coordinates[0], leg.from.port.coordinates[1]],
      arrival_coordinates: [leg.to.port.coordinates[0], leg.to.port.coordinates[1]],
      estimated_departure_date: leg.departureDate || null,
      estimated_arrival_date: leg.arrivalDate || null,
      ...(own === null ? {} : { distance_manual_override: true, distance_nm: own }),
    };
  });
}

/** The request body for POST /api/voyages/ and the full-edit PUT. */
export function toVoyageRequest(values: VoyageFormValues, draft?: boolean): VoyageRequest {
  const amount = values.contribution_amount.trim() === '' ? null : Number(values.contribution_amount);
  const crew = Number(values.crew_needed);
  const body: VoyageRequest = {
    title: values.title.trim(),
    description: values.description.trim(),
    estimated_start_date: values.estimated_start_date,
    estimated_end_date: values.estimated_end_date,
    contribution_type: values.contribution_type,
    contribution_currency: values.contribution_currency,
    contribution_details: values.contribution_details.trim(),
    includes_food: values.includes_food,
    boat_id: values.boat_id || null,
    requirements: {
      crew_needed: Number.isInteger(crew) ? crew : CREW_NEEDED_LIMITS.default,
      min_experience: values.min_experience,
      skills: [...values.skills],
    },
    is_custom_voyage: values.is_custom_voyage,
    custom_voyage_notes: values.is_custom_voyage ? values.custom_voyage_notes.trim() : '',
    segments: buildSegments(values),
    // No amount is sent when the voyage is free.
    ...(values.contribution_type !== 'free' && amount !== null && Number.isFinite(amount) ? { contribution_amount: amount } : {}),
  };
  return draft === undefined ? body : { ...body, draft };
}

/** Prefills the form from a saved voyage: its segments become the stops again. */
export function fromVoyage(voyage: VoyageResponse): VoyageFormValues {
  const base = emptyForm();
  const segments = [...voyage.segments].sort((a, b) => a.segment_order - b.segment_order);
  const custom = voyage.is_custom_voyage;
  const first = segments[0];
  const stops: Stop[] = [];
  if (!custom && first) {
    const point = (id: string | null, name: string, coordinates: LonLat | null): SelectedPort | null =>
      coordinates ? { id, name, fullName: name, region: null, coordinates } : null;
    stops.push(newStop(point(first.departure_port_id, first.departure_port, first.departure_coordinates)));
    segments.forEach((segment, index) => {
      const next = segments[index + 1];
      const port = point(segment.arrival_port_id, segment.arrival_port, segment.arrival_coordinates);
      // An intermediate stop: reached by this leg, left by the next.
      stops.push(next ? newStop(port, (segment.estimated_arrival_date ?? '').slice(0, 10), (next.estimated_departure_date ?? '').slice(0, 10)) : newStop(port));
    });
    // A leg without coordinates cannot be picked again; keep its name typed so the user re-selects it.
    segments.forEach((segment, index) => {
      const stop = stops[index + 1];
      if (stop && !stop.port) stops[index + 1] = { ...stop, query: segment.arrival_port };
    });
    if (stops[0] && !stops[0].port) stops[0] = { ...stops[0], query: first.departure_port };
  }
  return {
    ...base,
    title: voyage.title,
    description: voyage.description,
    estimated_start_date: (voyage.estimated_start_date ?? '').slice(0, 10),
    estimated_end_date: (voyage.estimated_end_date ?? '').slice(0, 10),
    contribution_type: voyage.contribution_type,
    contribution_amount: voyage.contribution_amount === null ? '' : String(voyage.contribution_amount),
    contribution_currency: voyage.contribution_currency,
    contribution_details: voyage.contribution_details,
    includes_food: voyage.includes_food,
    boat_id: voyage.boat?.id ?? '',
    crew_needed: String(voyage.requirements.crew_needed),
    min_experience: voyage.requirements.min_experience,
    skills: [...voyage.requirements.skills],
    is_custom_voyage: custom,
    custom_voyage_notes: voyage.custom_voyage_notes,
    departure_location: custom ? (first?.departure_custom_location ?? first?.departure_port ?? '') : '',
    arrival_location: custom ? (first?.arrival_custom_location ?? first?.arrival_port ?? '') : '',
    distance_nm: custom && first ? String(first.distance_nm) : '',
    stops: stops.length >= 2 ? stops : base.stops,
    leg_distances: custom ? {} : ownDistancesOf(segments),
  };
}

/** The distances the skipper typed for legs, back into the form by leg key. */
function ownDistancesOf(segments: readonly VoyageResponse['segments'][number][]): Record<string, string> {
  const own: Record<string, string> = {};
  for (const segment of segments) {
    if (!segment.distance_manual_override || !segment.departure_coordinates || !segment.arrival_coordinates) continue;
    const from: SelectedPort = { id: segment.departure_port_id, name: segment.departure_port, fullName: '', region: null, coordinates: segment.departure_coordinates };
    const to: SelectedPort = { id: segment.arrival_port_id, name: segment.arrival_port, fullName: '', region: null, coordinates: segment.arrival_coordinates };
    own[legKey(from, to)] = String(segment.distance_nm);
  }
  return own;
}

/** Where a server error belongs on the form: its `details` paths, or its code. */
const CODE_FIELDS: Record<string, FieldKey> = {
  TITLE_REQUIRED: 'title',
  TITLE_TOO_SHORT: 'title',
  DEPARTURE_DATE_REQUIRED: 'estimated_start_date',
  DEPARTURE_IN_PAST: 'estimated_start_date',
  RETURN_DATE_REQUIRED: 'estimated_end_date',
  RETURN_BEFORE_DEPARTURE: 'estimated_end_date',
  DEPARTURE_PORT_REQUIRED: 'departure',
  DESTINATION_PORT_REQUIRED: 'destination',
  DEPARTURE_LOCATION_REQUIRED: 'departure_location',
  DESTINATION_LOCATION_REQUIRED: 'arrival_location',
  DISTANCE_NOT_POSITIVE: 'distance_nm',
  DISTANCE_TOO_LARGE: 'distance_nm',
  BOAT_REQUIRED: 'boat_id',
  BOAT_INACTIVE: 'boat_id',
  BOAT_NOT_YOURS: 'boat_id',
  PORTS_INVALID: 'segments',
  // Leg rules: the form checks them per stop and leg; the server's message goes with the route.
  LEG_DATE_OUTSIDE_VOYAGE: 'segments',
  LEG_DEPARTS_TOO_EARLY: 'segments',
  LEG_ARRIVES_BEFORE_DEPARTING: 'segments',
  LEG_DATE_INVALID: 'segments',
  LEG_DISTANCE_NOT_POSITIVE: 'segments',
  LEG_DISTANCE_TOO_LARGE: 'segments',
  CREW_NEEDED_RANGE: 'crew_needed',
  CONTRIBUTION_NEGATIVE: 'contribution_amount',
};

const PATH_FIELDS: Record<string, FieldKey> = {
  title: 'title',
  estimated_start_date: 'estimated_start_date',
  estimated_end_date: 'estimated_end_date',
  boat_id: 'boat_id',
  segments: 'segments',
  contribution_amount: 'contribution_amount',
  'requirements.crew_needed': 'crew_needed',
  'requirements.skills': 'skills',
};

export function serverFieldErrors(code: string, details: readonly { path: string; message: string }[] | undefined, message: string): FormErrors {
  const errors: FormErrors = {};
  for (const detail of details ?? []) {
    const field = PATH_FIELDS[detail.path] ?? PATH_FIELDS[detail.path.split('.').slice(0, 2).join('.')] ?? PATH_FIELDS[detail.path.split('.')[0] ?? ''];
    if (field && !errors[field]) errors[field] = detail.message;
  }
  const byCode = CODE_FIELDS[code];
  if (byCode && !errors[byCode]) errors[byCode] = message;
  return errors;
}

/** A draft stored locally under voyage_draft with the form, the selected ports and the time. */
export const DRAFT_KEY = 'voyage_draft';

export interface LocalDraft {
  readonly form: Omit<VoyageFormValues, 'stops'>;
  readonly selected_ports: readonly { query: string; port: SelectedPort | null; arrivalDate: string; departureDate?: string }[];
  readonly saved_at: string;
  /** The server-side draft this one mirrors, so saving again updates it instead of adding another. */
  readonly server_draft_id: string | null;
}

export function saveLocalDraft(values: VoyageFormValues, serverDraftId: string | null, now: Date = new Date()): LocalDraft {
  const { stops, ...form } = values;
  const draft: LocalDraft = {
    form,
    selected_ports: stops.map(({ query, port, arrivalDate, departureDate }) => ({ query, port, arrivalDate, departureDate })),
    saved_at: now.toISOString(),
    server_draft_id: serverDraftId,
  };
  window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  return draft;
}

export function readLocalDraft(): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    if (!parsed.form || !Array.isArray(parsed.selected_ports) || typeof parsed.saved_at !== 'string') return null;
    return { form: parsed.form, selected_ports: parsed.selected_ports, saved_at: parsed.saved_at, server_draft_id: parsed.server_draft_id ?? null };
  } catch {
    // A damaged draft is not worth an error screen; it is simply not offered.
    return null;
  }
}

export const clearLocalDraft = (): void => window.localStorage.removeItem(DRAFT_KEY);

export function formFromDraft(draft: LocalDraft): VoyageFormValues {
  const base = emptyForm();
  const stops = draft.selected_ports.map((entry) => ({ ...newStop(entry.port, entry.arrivalDate, entry.departureDate ?? ''), query: entry.query }));
  return { ...base, ...draft.form, leg_distances: draft.form.leg_distances ?? {}, stops: stops.length >= 2 ? stops : base.stops };
}
