import { AdminAction, type RecordAdminAction } from '../admin-action/admin-action.aggregate';
import type { AdminActionEvent } from '../admin-action/admin-action.events';
import { DeciderSpecification } from './decider-specification';

const given = DeciderSpecification.for(AdminAction);
const record = (reason: string): RecordAdminAction => ({ type: 'RecordAdminAction', actorId: 'a1', action: 'user.suspended', subjectType: 'user', subjectId: 'u1', reason });
const recorded = (reason: string): AdminActionEvent => ({
  type: 'AdminActionRecorded',
  data: { action: 'user.suspended', subjectType: 'user', subjectId: 'u1', reason, details: {} },
});

describe('DeciderSpecification', () => {
  it('passes when the command decides exactly the events expected, and fails otherwise', () => {
    given([recorded('Spam')])
      .when(record(' Spam again '))
      .then([recorded('Spam again')]);
    expect(() =>
      given()
        .when(record('Spam'))
        .then([recorded('Other')]),
    ).toThrow();
    expect(() => given().when(record('Spam')).thenNothing()).toThrow();
    given()
      .when(record('Spam'))
      .thenMatches([{ type: 'AdminActionRecorded' }]);
    expect(() => given().when(record('Spam')).thenMatches([])).toThrow();
  });

  it('passes on a refusal of the kind and code expected, and fails on another or on a decision', () => {
    given()
      .when(record('x'.repeat(5_000)))
      .thenThrows('validation', 'REASON_TOO_LONG');
    given()
      .when(record('x'.repeat(5_000)))
      .thenThrows('validation');
    expect(() =>
      given()
        .when(record('x'.repeat(5_000)))
        .thenThrows('validation', 'OTHER'),
    ).toThrow();
    expect(() =>
      given()
        .when(record('x'.repeat(5_000)))
        .thenThrows('rule'),
    ).toThrow();
    expect(() => given().when(record('Spam')).thenThrows('validation')).toThrow('expected the command to be refused');
    given()
      .when(record('x'.repeat(5_000)))
      .thenThrows('validation', 'REASON_TOO_LONG', 'The reason can be at most');
    expect(() =>
      given()
        .when(record('x'.repeat(5_000)))
        .thenThrows('validation', 'REASON_TOO_LONG', /^Other/),
    ).toThrow();
  });
});
