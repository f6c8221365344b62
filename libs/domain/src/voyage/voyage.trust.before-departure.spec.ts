import type { AgreementTerms, VoyageEvent } from './voyage.events';
import type { VoyageStatus } from './voyage.rules';
import { SKIPPER, crewMember, givenVoyage, publishedVoyage, statusChanged } from '../testing/voyage-fixtures';

const AGREEMENT = '0f6b6f8e-3c1d-4f8e-9a1b-2c3d4e5f6a7b';
const terms: AgreementTerms = {
  contributionAmount: null,
  contributionCurrency: 'GBP',
  contributionCovers: '',
  duties: 'Watches',
  watchSystem: '',
  houseRules: '',
  leavingEarly: 'At your own cost',
  insurance: 'Bring travel insurance',
};
const issue = { type: 'IssueCrewAgreement', actorId: SKIPPER, crewId: 'anna', agreementId: AGREEMENT, terms } as const;
const issued: VoyageEvent = { type: 'CrewAgreementIssued', data: { agreementId: AGREEMENT, crewId: 'anna', version: 1, terms } };
/** Anna accepted on a voyage departing 1 July 2026, in the status given. */
const voyageIn = (status: VoyageStatus): VoyageEvent[] => [publishedVoyage(), ...crewMember('a1', 'anna'), ...(status === 'active' ? [] : [statusChanged(status, 'active')])];
const dayAfterDeparture = new Date('2026-07-02T00:00:00Z');

describe('before departure: planning, active or full', () => {
  it.each(['planning', 'active', 'full'] as const)('issues crew agreements while %s', (status) => {
    givenVoyage(voyageIn(status)).when(issue).then([issued]);
  });

  it.each(['in_progress', 'completed'] as const)('refuses them once %s', (status) => {
    givenVoyage(voyageIn(status)).when(issue).thenThrows('conflict', 'AGREEMENT_AFTER_DEPARTURE');
  });

  it.each(['planning', 'active', 'full'] as const)('archives a voyage still %s once its departure day is over', (status) => {
    givenVoyage(voyageIn(status)).when({ type: 'SweepVoyage' }, new Date('2026-07-01T23:59:59Z')).thenNothing();
    givenVoyage(voyageIn(status))
      .when({ type: 'SweepVoyage' }, dayAfterDeparture)
      .then([{ type: 'VoyageArchived', data: { startDate: '2026-07-01' } }]);
  });

  it('archives neither a voyage under way nor one already archived', () => {
    givenVoyage(voyageIn('in_progress')).when({ type: 'SweepVoyage' }, dayAfterDeparture).thenNothing();
    givenVoyage([...voyageIn('active'), { type: 'VoyageArchived', data: { startDate: '2026-07-01' } }])
      .when({ type: 'SweepVoyage' }, dayAfterDeparture)
      .thenNothing();
  });

  it('sweeps at the scheduler’s time when it gives a real one, else at the decision’s', () => {
    givenVoyage(voyageIn('active'))
      .when({ type: 'SweepVoyage', at: '2026-07-02T00:00:00Z' }, new Date('2026-06-01T00:00:00Z'))
      .thenMatches([{ type: 'VoyageArchived' }]);
    givenVoyage(voyageIn('active'))
      .when({ type: 'SweepVoyage', at: 'yesterday' }, dayAfterDeparture)
      .thenMatches([{ type: 'VoyageArchived' }]);
  });
});
