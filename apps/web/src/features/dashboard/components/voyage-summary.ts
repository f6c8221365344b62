import type { VoyageResponse } from '@crew/contracts';
import { plural, t } from '@lingui/core/macro';
import { formatCalendarDate, parseCalendarDate, toBeDecided } from '../../../lib/format';

/** "Falmouth → Horta +2 stops", from the voyage's own ports or, failing that, its legs. */
export function routeSummary(voyage: VoyageResponse): string {
  const legs = [...voyage.segments].sort((a, b) => a.segment_order - b.segment_order);
  const first = legs[0];
  const last = legs[legs.length - 1];
  const from = voyage.departure_port ?? first?.departure_custom_location ?? first?.departure_port ?? null;
  const to = voyage.arrival_port ?? last?.arrival_custom_location ?? last?.arrival_port ?? null;
  if (!from && !to) return t`Route not set yet`;
  const stops = Math.max(0, legs.length - 1);
  const route = `${from ?? '?'} → ${to ?? '?'}`;
  return stops > 0 ? t`${route} ${plural(stops, { one: '+# stop', other: '+# stops' })}` : route;
}

/** Dates in long form ("June 5, 2026" in English), TBD when missing. */
export function departureLabel(date: string | null): string {
  const parsed = parseCalendarDate(date);
  return parsed ? formatCalendarDate(parsed) : toBeDecided();
}

/** Edit is offered while planning or active (and for drafts); Cancel only while planning or active. */
// A full voyage is an active one with no berth left: still editable and cancellable.
export const canEdit = (voyage: VoyageResponse): boolean => ['planning', 'active', 'full', 'draft'].includes(voyage.status);
export const canCancel = (voyage: VoyageResponse): boolean => ['planning', 'active', 'full'].includes(voyage.status);

export interface SkipperStats {
  readonly published: number;
  readonly applications: number;
  readonly pending: number;
  readonly nauticalMiles: number;
}

/** Quick stats from the skipper's real voyages: drafts are not published; cancelled voyages plan no miles. */
export function skipperStats(voyages: readonly VoyageResponse[]): SkipperStats {
  const published = voyages.filter((voyage) => voyage.status !== 'draft');
  return {
    published: published.length,
    applications: published.reduce((sum, voyage) => sum + voyage.application_count, 0),
    pending: published.reduce((sum, voyage) => sum + voyage.pending_count, 0),
    nauticalMiles: published.filter((voyage) => voyage.status !== 'cancelled').reduce((sum, voyage) => sum + voyage.total_distance_nm, 0),
  };
}

/** Statuses a voyage still sails in: once its return date has passed, the dashboard suggests completing it. */
const SAILING = new Set(['planning', 'active', 'full', 'in_progress']);

/** The return date has passed and the voyage is not completed or cancelled yet. */
export const shouldSuggestCompletion = (voyage: Pick<VoyageResponse, 'status' | 'estimated_end_date'>, today: string = new Date().toISOString().slice(0, 10)): boolean =>
  SAILING.has(voyage.status) && voyage.estimated_end_date !== null && voyage.estimated_end_date < today;
