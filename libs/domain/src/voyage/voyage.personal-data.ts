import type { DataPath, PersonalDataMap } from '../shared/personal-data';
import type { VoyageState } from './voyage.aggregate';
import type { VoyageEvent } from './voyage.events';

const DETAILS: readonly DataPath[] = [
  ['details', 'title'],
  ['details', 'description'],
  ['details', 'customNotes'],
];
const TERMS: readonly DataPath[] = ['contributionCovers', 'duties', 'watchSystem', 'houseRules', 'leavingEarly', 'insurance'].map((field) => ['terms', field]);

/**
 * The voyage's texts are its skipper's words (title, description, notes, what
 * the contribution covers, agreement terms, float plans, why they cancelled):
 * all the skipper's. A check-in's note belongs to whoever reported it. Ids,
 * dates, numbers and port names stay in the clear, and so do administrators'
 * reasons for suspending, flagging or deleting a voyage: the platform's own
 * record of what it did, kept in the audit trail after the member is gone.
 */
export const voyagePersonalData: PersonalDataMap<VoyageState, VoyageEvent> = {
  paths: (event) => {
    switch (event.type) {
      case 'VoyageDraftSaved':
      case 'VoyagePublished':
        return [...DETAILS, ['contribution', 'details']];
      case 'VoyageDetailsEdited':
        return DETAILS;
      case 'VoyageContributionChanged':
        return [['contribution', 'details']];
      case 'CrewAgreementIssued':
        return TERMS;
      case 'FloatPlanFiled':
        return [['boatDescription'], ['callSign'], ['notes']];
      case 'CheckInRecorded':
        return [['note']];
      case 'VoyageCancelled':
        return [['reason']];
      default:
        return [];
    }
  },
  subject: (event, state) => {
    if (event.type === 'CheckInRecorded') return event.data.reportedBy;
    return state.snapshot?.skipperId ?? null;
  },
};
