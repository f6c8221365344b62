import { ADMIN_REASON_MAX } from '@crew/rules';
import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { ADMIN_ACTION_SUBJECTS, isAdminActionEvent, type AdminActionEvent, type AdminActionSubject } from './admin-action.events';

/** The reason's limit is the one every admin form and request shares (ADMIN_REASON_MAX). */
export const ADMIN_ACTION_LIMITS = { actionMaxLength: 80, detailsMaxKeys: 20 } as const;

export interface RecordAdminAction {
  readonly type: 'RecordAdminAction';
  readonly actorId: string;
  readonly action: string;
  readonly subjectType: AdminActionSubject;
  readonly subjectId: string;
  readonly reason: string;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}
export type AdminActionCommand = RecordAdminAction;

/** How many actions were recorded on the subject: the stream is an append-only audit trail. */
export interface AdminActionState {
  readonly count: number;
}

/** One audit stream per subject, e.g. `admin_actions-user-<uuid>`. */
export const adminActionStreamId = (subjectType: AdminActionSubject, subjectId: string): string => `admin_actions-${subjectType}-${subjectId}`;

const ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

export function decideAdminAction(command: AdminActionCommand, _state: AdminActionState): AdminActionEvent[] {
  if (!ACTION_PATTERN.test(command.action) || command.action.length > ADMIN_ACTION_LIMITS.actionMaxLength) {
    reject('validation', 'INVALID_ADMIN_ACTION', 'Unknown administrator action');
  }
  if (!(ADMIN_ACTION_SUBJECTS as readonly string[]).includes(command.subjectType)) {
    reject('validation', 'INVALID_ADMIN_ACTION_SUBJECT', 'Unknown subject of an administrator action');
  }
  const reason = command.reason.trim();
  if (reason.length > ADMIN_REASON_MAX) {
    reject('validation', 'REASON_TOO_LONG', `The reason can be at most ${ADMIN_REASON_MAX} characters`);
  }
  const details = { ...(command.details ?? {}) };
  if (Object.keys(details).length > ADMIN_ACTION_LIMITS.detailsMaxKeys) reject('validation', 'TOO_MANY_DETAILS', 'Too many details');
  for (const value of Object.values(details)) {
    if (typeof value === 'number' && !Number.isFinite(value)) reject('validation', 'INVALID_DETAIL', 'Details must be finite numbers, text or flags');
  }
  return [{ type: 'AdminActionRecorded', data: { action: command.action, subjectType: command.subjectType, subjectId: command.subjectId, reason, details } }];
}

export const AdminAction: Aggregate<AdminActionState, AdminActionCommand, AdminActionEvent> = {
  streamPrefix: 'admin_actions',
  initialState: () => ({ count: 0 }),
  evolve: (state) => ({ count: state.count + 1 }),
  decide: (command, state) => decideAdminAction(command, state),
  isEvent: isAdminActionEvent,
};
