import { DomainError } from '../shared/result';
import { AdminAction, adminActionStreamId, type RecordAdminAction } from './admin-action.aggregate';
import { accountSuspensionOf } from './admin-action.events';

const record = (overrides: Partial<RecordAdminAction> = {}): RecordAdminAction => ({
  type: 'RecordAdminAction',
  actorId: 'a0000000-0000-4000-8000-000000000001',
  action: 'user.premium_granted',
  subjectType: 'user',
  subjectId: 'u0000000-0000-4000-8000-000000000002',
  reason: '  Goodwill after a failed payment  ',
  ...overrides,
});

describe('AdminAction', () => {
  it('records an action with its trimmed reason and id-only details', () => {
    const events = AdminAction.decide(record({ details: { template: 'admin_contact' } }), AdminAction.initialState(), new Date());
    expect(events).toEqual([
      {
        type: 'AdminActionRecorded',
        data: {
          action: 'user.premium_granted',
          subjectType: 'user',
          subjectId: 'u0000000-0000-4000-8000-000000000002',
          reason: 'Goodwill after a failed payment',
          details: { template: 'admin_contact' },
        },
      },
    ]);
  });

  it('records a hidden review with its id and the reason only (the administrator is in the metadata)', () => {
    const events = AdminAction.decide(
      record({ action: 'review.hidden', subjectType: 'review', subjectId: 'r0000000-0000-4000-8000-000000000003', reason: 'Reported and checked' }),
      AdminAction.initialState(),
      new Date(),
    );
    expect(events).toEqual([
      {
        type: 'AdminActionRecorded',
        data: { action: 'review.hidden', subjectType: 'review', subjectId: 'r0000000-0000-4000-8000-000000000003', reason: 'Reported and checked', details: {} },
      },
    ]);
  });

  it.each([
    ['an action that is not a dotted code', record({ action: 'Grant Premium' })],
    ['an unknown subject', record({ subjectType: 'boat' as never })],
    ['an overlong reason', record({ reason: 'x'.repeat(2_001) })],
    ['a non-finite number in the details', record({ details: { count: Number.NaN } })],
  ])('refuses %s', (_label, command) => {
    expect(() => AdminAction.decide(command, AdminAction.initialState(), new Date())).toThrow(DomainError);
  });

  it('keeps one audit stream per subject', () => {
    expect(adminActionStreamId('voyage', 'v1')).toBe('admin_actions-voyage-v1');
    const state = AdminAction.evolve(AdminAction.initialState(), AdminAction.decide(record(), AdminAction.initialState(), new Date())[0]!);
    expect(state.count).toBe(1);
  });

  it('reads a suspension and a reinstatement of a member, and nothing else, as account standing', () => {
    const [suspended] = AdminAction.decide(record({ action: 'user.suspended', reason: 'Misleading listings' }), AdminAction.initialState(), new Date());
    const [reinstated] = AdminAction.decide(record({ action: 'user.reinstated' }), AdminAction.initialState(), new Date());
    const [granted] = AdminAction.decide(record(), AdminAction.initialState(), new Date());
    expect(accountSuspensionOf(suspended!)).toEqual({ userId: 'u0000000-0000-4000-8000-000000000002', suspended: true });
    expect(accountSuspensionOf(reinstated!)).toEqual({ userId: 'u0000000-0000-4000-8000-000000000002', suspended: false });
    expect(accountSuspensionOf(granted!)).toBeNull();
    expect(accountSuspensionOf({ type: 'VoyageSuspended', data: {} })).toBeNull();
  });
});
