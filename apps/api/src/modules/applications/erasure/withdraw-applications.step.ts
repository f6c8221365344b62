import { Voyage, voyageStreamId } from '@crew/domain';
import type { DataSource } from 'typeorm';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import type { Platform } from '../../../platform/platform';

/**
 * The applications context's part in erasing an account: their pending
 * applications to other skippers' voyages are withdrawn on their behalf (an
 * event of each voyage; the skipper's lists stop showing them). Their
 * application rows and messages go with the account row; the messages are
 * traces a mail to a skipper may have quoted. Reports how many applications
 * they had.
 */
export const withdrawApplications = (dataSource: DataSource, repository: AggregateRepository): AccountErasure => ({
  async traces(userId) {
    const quoted = await dataSource.query<{ message: string | null }[]>('SELECT message FROM application_messages WHERE crew_id = $1', [userId]);
    return quoted.map((row) => row.message).filter((message): message is string => Boolean(message));
  },
  async erase({ userId, metadata }) {
    const applications = await dataSource.query<{ application_id: string; voyage_id: string; status: string }[]>(
      'SELECT application_id, voyage_id, status FROM applications WHERE crew_id = $1',
      [userId],
    );
    for (const application of applications.filter((a) => a.status === 'pending')) {
      await repository
        .execute(Voyage, voyageStreamId(application.voyage_id), { type: 'WithdrawApplication', actorId: userId, applicationId: application.application_id }, metadata)
        .catch((error: unknown) => {
          // Decided or withdrawn meanwhile (or its voyage deleted): nothing left to withdraw.
          if (!(error instanceof Error && 'kind' in error)) throw error;
        });
    }
    return { applications: applications.length };
  },
});

export const withdrawApplicationsStep = (platform: Platform): AccountErasureStep =>
  new AccountErasureStep('applications', 'records', withdrawApplications(platform.dataSource, platform.repository));
