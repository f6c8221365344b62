import type { AdminAuditEntry } from '@crew/contracts';
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { AdminHistory } from './users-history';

const hidden = (overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
  id: 'e1',
  action: 'review.hidden',
  subject_type: 'review',
  subject_id: 'r1',
  review: { id: 'r1', voyage_id: 'v1', reviewer_id: 'u1', reviewee_id: 'u2' },
  reason: 'Reported and checked',
  details: {},
  actor_id: 'a1',
  actor_name: 'Ada Admin',
  occurred_at: '2027-01-01T10:00:00.000Z',
  ...overrides,
});

describe('AdminHistory', () => {
  it.each([
    ['the author', 'u1', 'a review this member wrote'],
    ['the member reviewed', 'u2', 'a review about this member'],
    ['the voyage', 'v1', 'a review of this voyage'],
  ])('lists a hidden review in the history of %s, with who and why', (_label, subjectId, context) => {
    render(<AdminHistory entries={[hidden()]} loading={false} error={false} onRetry={() => undefined} subjectId={subjectId} />);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Review hidden');
    expect(item).toHaveTextContent(context);
    expect(item).toHaveTextContent('by Ada Admin');
    expect(item).toHaveTextContent(': Reported and checked');
  });
});
