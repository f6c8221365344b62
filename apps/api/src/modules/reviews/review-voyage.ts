import { Voyage, voyageStreamId, type VoyageState } from '@crew/domain';
import type { AggregateRepository } from '../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../platform/application-error';
import { isUuid } from '../../platform/http/uuid';

export const voyageNotFound = (): ApplicationError => new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
export const reviewNotFound = (): ApplicationError => new ApplicationError('not_found', 'REVIEW_NOT_FOUND', 'Review not found');

/**
 * The voyage as its own events say: who skippered, who sailed which legs and
 * when it was completed (the review rules read these; no read model holds them).
 */
export async function loadVoyage(repository: AggregateRepository, voyageId: string): Promise<VoyageState> {
  if (!isUuid(voyageId)) throw voyageNotFound();
  const { state } = await repository.load(Voyage, voyageStreamId(voyageId));
  if (state.status === 'none' || state.status === 'draft' || state.deleted || !state.snapshot) throw voyageNotFound();
  return state;
}
