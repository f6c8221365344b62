import { DomainError, Voyage, voyageStreamId } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import type { Platform } from '../../../platform/platform';

/**
 * The voyages context's part in erasing an account: every voyage they
 * skipper is cancelled (its applicants are told) and deleted, as an event of
 * the voyage by the erasing administrator. The domain checks the accepted
 * crew again. Reports how many voyages they had.
 */
export const deleteSkipperedVoyages = (dataSource: DataSource, repository: AggregateRepository): AccountErasure => ({
  async erase({ userId, erasedBy, metadata }) {
    const voyages = await dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries WHERE skipper_id = $1', [userId]);
    for (const { voyage_id } of voyages) {
      await repository
        .execute(Voyage, voyageStreamId(voyage_id), { type: 'DeleteVoyage', actorId: erasedBy, reason: 'Skipper account deleted', because: 'skipper_erased' }, metadata)
        .catch((error: unknown) => {
          // Deleted already (an erasure run again before browse caught up): nothing left to do.
          if (!(error instanceof DomainError && error.code === 'VOYAGE_NOT_FOUND')) throw error;
        });
    }
    return { voyages: voyages.length };
  },
});

export const deleteSkipperedVoyagesStep = (platform: Platform): AccountErasureStep =>
  new AccountErasureStep('voyages', 'records', deleteSkipperedVoyages(platform.dataSource, platform.repository));
