import type { TimelineEntry } from '@crew/contracts';
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Timeline } from './Timeline';

const entry = (overrides: Partial<TimelineEntry> = {}): TimelineEntry => ({
  id: 'e1',
  at: '2027-08-01T13:30:00.000Z',
  kind: 'check_in_position',
  actor: { id: 'u1', name: 'Anna Sailor' },
  summary: 'Anna Sailor reported a position',
  lat: 49.9,
  lon: -1.9,
  ...overrides,
});

describe('Timeline', () => {
  it('dates a check-in made without a connection when it was made, and says when it reached the shore', () => {
    render(<Timeline entries={[entry({ received_at: '2027-08-01T17:05:00.000Z' })]} />);
    const item = screen.getByRole('listitem');
    expect(item.querySelector('time')?.getAttribute('dateTime')).toBe('2027-08-01T13:30:00.000Z');
    expect(item).toHaveTextContent(/made offline, received/);
  });

  it('says nothing of a delay for a check-in sent at once', () => {
    render(<Timeline entries={[entry()]} />);
    expect(screen.getByRole('listitem')).not.toHaveTextContent(/made offline/);
  });
});
