import { foldEvents } from '../shared/aggregate';
import { DeciderSpecification } from '../testing/decider-specification';
import { ADMIN_ACTION_LIMITS, AdminAction, adminActionStreamId, type RecordAdminAction } from './admin-action.aggregate';
import { accountSuspensionOf, type AdminActionRecorded } from './admin-action.events';

const USER = 'c0000000-0000-4000-8000-000000000002';
const given = DeciderSpecification.for(AdminAction);

const record = (overrides: Partial<RecordAdminAction> = {}): RecordAdminAction => ({
  type: 'RecordAdminAction',
  actorId: 'a0000000-0000-4000-8000-000000000001',
  action: 'user.premium_granted',
  subjectType: 'user',
  subjectId: USER,
  reason: 'Goodwill',
  ...overrides,
});

const recorded = (overrides: Partial<AdminActionRecorded['data']> = {}): AdminActionRecorded => ({
  type: 'AdminActionRecorded',
  data: { action: 'user.suspended', subjectType: 'user', subjectId: USER, reason: 'Misleading listings', details: {}, ...overrides },
});

/** `n` details, each an id-like text. */
const detailsOf = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key_${i}`, `value_${i}`]));

describe('administrator actions: what is recorded and what is refused', () => {
  describe('the action code', () => {
    it.each(['user.premium_granted', 'user.profile.status_changed', 'campaign2.email_1.sent'])('records the dotted code %p', (action) =>
      given([])
        .when(record({ action }))
        .thenMatches([{ type: 'AdminActionRecorded', data: { action } }]),
    );

    it.each([
      ['a single word', 'deleted'],
      ['words before the code', 'Grant user.premium_granted'],
      ['words after the code', 'user.premium_granted now'],
      ['a capital letter', 'User.deleted'],
      ['a segment starting with a digit', 'user.2fa_reset'],
    ])('refuses %s, naming what is wrong', (_label, action) => given([]).when(record({ action })).thenThrows('validation', 'INVALID_ADMIN_ACTION', 'Unknown administrator action'));

    it('takes a code of up to 80 characters and refuses a longer one', () => {
      const ofLength = (length: number) => `user.${'a'.repeat(length - 'user.'.length)}`;
      given([])
        .when(record({ action: ofLength(ADMIN_ACTION_LIMITS.actionMaxLength) }))
        .thenMatches([{ data: { action: ofLength(80) } }]);
      given([])
        .when(record({ action: ofLength(ADMIN_ACTION_LIMITS.actionMaxLength + 1) }))
        .thenThrows('validation', 'INVALID_ADMIN_ACTION', 'Unknown administrator action');
    });
  });

  it('refuses an unknown subject, naming what is wrong', () =>
    given([])
      .when(record({ subjectType: 'boat' as never }))
      .thenThrows('validation', 'INVALID_ADMIN_ACTION_SUBJECT', 'Unknown subject of an administrator action'));

  describe('the details', () => {
    it('takes up to 20 details and refuses more', () => {
      given([])
        .when(record({ details: detailsOf(ADMIN_ACTION_LIMITS.detailsMaxKeys) }))
        .thenMatches([{ data: { details: detailsOf(20) } }]);
      given([])
        .when(record({ details: detailsOf(ADMIN_ACTION_LIMITS.detailsMaxKeys + 1) }))
        .thenThrows('validation', 'TOO_MANY_DETAILS', 'Too many details');
    });

    it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses the number %p, saying what details may be', (count) =>
      given([])
        .when(record({ details: { count } }))
        .thenThrows('validation', 'INVALID_DETAIL', 'Details must be finite numbers, text or flags'),
    );

    it('keeps numbers, text, flags and nulls', () =>
      given([])
        .when(record({ details: { count: 3, template: 'admin_contact', notified: false, campaign: null } }))
        .thenMatches([{ data: { details: { count: 3, template: 'admin_contact', notified: false, campaign: null } } }]));
  });

  describe('the audit streams', () => {
    it('are named admin_actions-<subject type>-<subject id>', () => {
      expect(AdminAction.streamPrefix).toBe('admin_actions');
      expect(adminActionStreamId('user', USER)).toBe(`${AdminAction.streamPrefix}-user-${USER}`);
    });

    it('count only the administrator actions among the events of a stream', () => {
      const state = foldEvents(AdminAction, [recorded(), { type: 'SupportTicketReplied', data: { action: 'user.suspended' } }, recorded({ action: 'user.reinstated' })]);
      expect(state).toEqual({ count: 2 });
    });
  });
});

describe('account standing read from administrator actions', () => {
  it('follows a suspension only when its subject is a member', () => {
    expect(accountSuspensionOf(recorded())).toEqual({ userId: USER, suspended: true });
    expect(accountSuspensionOf(recorded({ subjectType: 'voyage' }))).toBeNull();
    expect(accountSuspensionOf(recorded({ action: 'user.reinstated', subjectType: 'review' }))).toBeNull();
  });

  it('reads nothing from an event that is not an administrator action, whatever it carries', () => {
    const lookalike = { type: 'UserSuspended', data: { action: 'user.suspended', subjectType: 'user', subjectId: USER } };
    expect(accountSuspensionOf(lookalike)).toBeNull();
  });
});
