import { ADMIN_REASON_MAX } from '@crew/rules';
import { reject } from '../shared/result';
import { checkText } from '../shared/values';
import { liveApplicants, rejectPendingOnCancel, type ApplicationsView } from './voyage.applications';
import type { VoyageEvent } from './voyage.events';
import type { VoyageStatus } from './voyage.rules';

/** Statuses in which a voyage is live on the site: the admin area's ACTIVE (only such a voyage can be suspended). */
export const SUSPENDABLE_STATUSES: readonly VoyageStatus[] = ['planning', 'active', 'full'];
/** Statuses of a voyage still to sail or sailing: its skipper's account cannot be erased while crew are accepted on it. */
export const UNDERWAY_STATUSES: readonly VoyageStatus[] = ['planning', 'active', 'full', 'in_progress'];

/**
 * What an administrator does to a voyage. The API lets only administrators
 * send these; the actor is in the event metadata. `because` of a deletion:
 * `admin` (the Voyage Oversight delete, refused while crew are accepted) or
 * `skipper_erased` (the skipper's account is being deleted; the API checks
 * first that no voyage still to sail has accepted crew).
 */
export type VoyageModerationCommand =
  | { readonly type: 'SuspendVoyage'; readonly actorId: string; readonly reason: string }
  | { readonly type: 'ReinstateVoyage'; readonly actorId: string; readonly reason: string }
  | { readonly type: 'FlagVoyageForReview'; readonly actorId: string; readonly notes: string }
  | { readonly type: 'ClearVoyageFlag'; readonly actorId: string; readonly notes: string }
  | { readonly type: 'DeleteVoyage'; readonly actorId: string; readonly reason: string; readonly because: 'admin' | 'skipper_erased' };

/** The part of the voyage's state moderation reads. */
export interface ModerationView extends ApplicationsView {
  readonly suspended: boolean;
  readonly deleted: boolean;
  /** In the moderation queue: flagged for review and not cleared since. */
  readonly flagged?: boolean;
}

export const acceptedCrewCount = (view: ApplicationsView): number => Object.values(view.applications).filter((entry) => entry.status === 'accepted').length;

function requireVoyage(view: ModerationView): { skipperId: string } {
  if (view.deleted || view.status === 'none' || !view.snapshot) return reject('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
  return { skipperId: view.snapshot.skipperId };
}

const text = (value: string, label: string, required: boolean): string => {
  const trimmed = checkText(value, label, ADMIN_REASON_MAX, 'REASON_INVALID').trim();
  if (required && trimmed.length === 0) reject('validation', 'REASON_REQUIRED', '{label} is required', { label });
  return trimmed;
};

export function decideModeration(command: VoyageModerationCommand, view: ModerationView): VoyageEvent[] {
  switch (command.type) {
    case 'SuspendVoyage': {
      const { skipperId } = requireVoyage(view);
      const reason = text(command.reason, 'The reason', true);
      if (view.suspended) return reject('conflict', 'VOYAGE_ALREADY_SUSPENDED', 'This voyage is already suspended');
      if (!SUSPENDABLE_STATUSES.includes(view.status as VoyageStatus)) {
        return reject('conflict', 'VOYAGE_NOT_ACTIVE', 'Only an active voyage can be suspended');
      }
      return [{ type: 'VoyageSuspended', data: { skipperId, reason } }];
    }
    case 'ReinstateVoyage': {
      const { skipperId } = requireVoyage(view);
      const reason = text(command.reason, 'The reason', false);
      if (!view.suspended) return reject('conflict', 'VOYAGE_NOT_SUSPENDED', 'This voyage is not suspended');
      return [{ type: 'VoyageReinstated', data: { skipperId, reason } }];
    }
    case 'FlagVoyageForReview': {
      requireVoyage(view);
      if (view.status === 'draft') return reject('conflict', 'VOYAGE_IS_DRAFT', 'A draft is not published and cannot be moderated');
      return [{ type: 'VoyageFlaggedForReview', data: { notes: text(command.notes, 'The notes', false) } }];
    }
    case 'ClearVoyageFlag': {
      requireVoyage(view);
      const notes = text(command.notes, 'The notes', false);
      if (view.flagged !== true) return reject('conflict', 'VOYAGE_NOT_FLAGGED', 'This voyage is not flagged for review');
      return [{ type: 'VoyageFlagCleared', data: { notes } }];
    }
    case 'DeleteVoyage': {
      const { skipperId } = requireVoyage(view);
      const reason = text(command.reason, 'The reason', false);
      const accepted = acceptedCrewCount(view);
      if (command.because === 'admin' && accepted > 0 && view.status !== 'cancelled') {
        return reject(
          'conflict',
          'VOYAGE_HAS_ACCEPTED_CREW',
          'Cannot delete voyage: There are {accepted, plural, other {# accepted crew members}} on this voyage. Please cancel the voyage instead.',
          { accepted },
        );
      }
      if (command.because === 'skipper_erased' && accepted > 0 && UNDERWAY_STATUSES.includes(view.status as VoyageStatus)) {
        return reject('conflict', 'SKIPPER_HAS_ACCEPTED_CREW', 'The skipper has accepted crew on a voyage still to sail');
      }
      // A live voyage is cancelled first, so everyone still applying is told (the cancellation mail) and pending applications settle.
      const cancel: VoyageEvent[] =
        view.status === 'draft' || view.status === 'cancelled' || view.status === 'completed'
          ? []
          : [{ type: 'VoyageCancelled', data: { previous: view.status as VoyageStatus, reason, notifiedCrewIds: liveApplicants(view) } }, ...rejectPendingOnCancel(view)];
      return [...cancel, { type: 'VoyageDeleted', data: { skipperId, reason, because: command.because } }];
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the cases name every moderation command
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}
