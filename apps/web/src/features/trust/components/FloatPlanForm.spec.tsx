import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderAt } from '../../applications/lib/test-fixtures';
import { FloatPlanForm } from './FloatPlanForm';

const legs = [
  { order: 1, label: 'Leg 1: Falmouth → St Mary’s', departure: '2099-06-01', arrival: '2099-06-02' },
  { order: 2, label: 'Leg 2: St Mary’s → Horta', departure: '2099-06-05', arrival: '2099-06-15' },
];

describe('FloatPlanForm', () => {
  it('files a plan for the leg about to be sailed, with that leg’s dates suggested', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/voyages/v1/float-plan' && init.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return { status: 200, body: {} };
      }
      return undefined;
    });
    const user = userEvent.setup();
    let done = '';
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" legs={legs} current={null} defaults={{ departure: '2099-06-01', arrival: '2099-06-15', boat: 'Kingfisher, 38 ft' }} onDone={(message) => (done = message)} />,
    );
    await user.selectOptions(screen.getByLabelText('The plan covers'), 'Leg 2: St Mary’s → Horta');
    expect(screen.getByLabelText('Departure (local time)')).toHaveValue('2099-06-05T09:00');
    expect(screen.getByLabelText('Expected arrival (local time)')).toHaveValue('2099-06-15T18:00');
    await user.type(screen.getByLabelText('Name'), 'Ann Shore');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: /file/i }));
    expect(bodies).toEqual([expect.objectContaining({ segment_order: 2, boat_description: 'Kingfisher, 38 ft' })]);
    expect(done).toMatch(/Float plan filed/);
  });

  it('offers no choice for a voyage of one leg, and covers the whole voyage', () => {
    renderAt('/voyages/v1/plan', '/voyages/:id/plan', <FloatPlanForm voyageId="v1" legs={legs.slice(0, 1)} current={null} defaults={{ departure: null, arrival: null, boat: '' }} onDone={() => undefined} />);
    expect(screen.queryByLabelText('The plan covers')).toBeNull();
  });
});
