import type { VoyageResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { VOYAGE_SELECT, myApplicationsFor, toVoyageResponse, type VoyageRow } from '../voyage-read-model';
import { isUuid } from '../../../platform/http/uuid';
import { ReviewClock } from '../../reviews/review-clock';
import { ratingSummaries } from '../../reviews/review-read-model';
import { crewProfile, scoreFor } from '../../member-standing/match-score';
import { responsivenessOf, NO_RESPONSES } from '../../member-standing/responsiveness';
import { trustSummaries } from '../../member-standing/member-trust';

export class GetVoyage {
  constructor(
    readonly voyageId: string,
    readonly viewerId: string | null,
    readonly viewerIsAdmin = false,
  ) {}
}

/** A voyage and the revision of its stream that the read model shows (its ETag; null until known). */
export interface VoyageView {
  readonly voyage: VoyageResponse;
  readonly revision: string | null;
}

export const voyageNotFound = (): ApplicationError => new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');

/** Who a voyage is shown to (GetVoyage below), for every reader that must show it to the same people (its calendar file). */
export interface VoyageViewer {
  readonly id: string | null;
  readonly isAdmin: boolean;
  /** The viewer applied to the voyage (any application, whatever became of it). */
  readonly applied: boolean;
}

/** The rule GetVoyage states: a draft for its skipper only; a suspended voyage (or a suspended skipper's) for its skipper, applicants and administrators. */
export const mayViewVoyage = (row: Pick<VoyageRow, 'status' | 'skipper_id' | 'suspended' | 'owner_suspended'>, viewer: VoyageViewer): boolean => {
  const skipper = viewer.id !== null && row.skipper_id === viewer.id;
  if (row.status === 'draft') return skipper;
  return !(row.suspended || row.owner_suspended) || skipper || viewer.isAdmin || viewer.applied;
};

/**
 * One voyage. A draft exists only for its skipper; a suspended voyage, or one
 * whose skipper's account is suspended, only for its skipper, the crew who
 * applied to it and administrators (a direct link shows what browse hides to
 * no one else). Everyone else gets the same 404 as for no voyage.
 */
@QueryHandler(GetVoyage)
export class GetVoyageHandler implements IQueryHandler<GetVoyage, VoyageView> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ voyageId, viewerId, viewerIsAdmin }: GetVoyage): Promise<VoyageView> {
    if (!isUuid(voyageId)) throw voyageNotFound();
    const [row] = await this.dataSource.query<VoyageRow[]>(`${VOYAGE_SELECT} WHERE v.voyage_id = $1`, [voyageId]);
    if (!row || (row.status === 'draft' && row.skipper_id !== viewerId)) throw voyageNotFound();
    const mine = await myApplicationsFor(this.dataSource, viewerId, [voyageId]);
    if (!mayViewVoyage(row, { id: viewerId, isAdmin: viewerIsAdmin, applied: mine.has(voyageId) })) throw voyageNotFound();
    const voyage = toVoyageResponse(row, viewerId, mine.get(voyageId) ?? null);
    // The skipper card's rating: visible reviews only (the voyage page alone shows it; lists do not carry it).
    const rating = (await ratingSummaries(this.dataSource, [row.skipper_id], this.clock.now())).get(row.skipper_id);
    const responsiveness = (await responsivenessOf(this.dataSource, [row.skipper_id], new Date())).get(row.skipper_id) ?? NO_RESPONSES;
    const viewer = await crewProfile(this.dataSource, viewerId);
    const scored = viewer && row.skipper_id !== viewerId ? { match_score: scoreFor(row, viewer) } : {};
    // The sidebar's trust: the same rule and points as the skipper's own profile.
    const trust = (await trustSummaries(this.dataSource, [row.skipper_id])).get(row.skipper_id);
    return { voyage: { ...voyage, ...scored, skipper: { ...voyage.skipper, rating, ...responsiveness, ...(trust ? { trust } : {}) } }, revision: row.revision };
  }
}
