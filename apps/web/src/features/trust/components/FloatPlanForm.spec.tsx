import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderAt } from '../../../testing/application-fixtures';
import { FloatPlanForm } from './FloatPlanForm';

/** What the API answers once a plan is filed: the voyage's trust page (its content does not matter to the form). */
const FILED = { role: 'skipper', crew: [], float_plan: null, timeline: [] };

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
        return { status: 200, body: FILED };
      }
      return undefined;
    });
    const user = userEvent.setup();
    let done = '';
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm
        voyageId="v1"
        legs={legs}
        current={null}
        defaults={{ departure: '2099-06-01', arrival: '2099-06-15', boat: 'Kingfisher, 38 ft' }}
        onDone={(message) => (done = message)}
      />,
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

  it('clears each message as soon as its field is fixed, before filing again, and keeps the others', async () => {
    const fetch = mockFetch(() => undefined);
    const user = userEvent.setup();
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" current={null} defaults={{ departure: '2099-06-01', arrival: '2099-06-15', boat: '' }} onDone={() => undefined} />,
    );
    const boat = screen.getByLabelText('Boat description');
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts()).toEqual(['Describe the boat so it can be recognised', 'Name is required', 'Please enter a valid email address']);
    // The first field to fix has the focus.
    expect(boat).toHaveFocus();

    await user.type(boat, 'Kingfisher, 38 ft, white hull');
    expect(alerts()).toEqual(['Name is required', 'Please enter a valid email address']);
    expect(boat).not.toHaveAttribute('aria-invalid');
    expect(boat).toHaveAccessibleDescription('Make, length, hull and sail colours, so the boat can be recognised');

    await user.type(name, 'Ann Shore');
    await user.type(email, 'ann@example');
    // The email is still not an address: its message stays, the name's is gone.
    expect(alerts()).toEqual(['Please enter a valid email address']);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await user.type(email, '.com');
    expect(alerts()).toEqual([]);
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops the arrival’s message once it is after the departure again', async () => {
    mockFetch(() => undefined);
    const user = userEvent.setup();
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" current={null} defaults={{ departure: '2099-06-15', arrival: '2099-06-01', boat: '' }} onDone={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    const arrival = screen.getByLabelText('Expected arrival (local time)');
    expect(arrival).toHaveAccessibleDescription('Expected arrival must be after departure');
    fireEvent.change(arrival, { target: { value: '2099-06-20T18:00' } });
    // The form checks again as the value changes (the check itself is asynchronous).
    await waitFor(() => expect(screen.queryByText('Expected arrival must be after departure')).toBeNull());
    expect(arrival).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Describe the boat so it can be recognised')).toBeInTheDocument();
  });

  it('refuses an expected arrival already past before asking the server, and files once it is ahead', async () => {
    const fetch = mockFetch((url, init) => (url.pathname === '/api/voyages/v1/float-plan' && init.method === 'PUT' ? { status: 200, body: FILED } : undefined));
    const user = userEvent.setup();
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" current={null} defaults={{ departure: '2020-06-01', arrival: '2020-06-02', boat: 'Kingfisher' }} onDone={() => undefined} />,
    );
    await user.type(screen.getByLabelText('Name'), 'Ann Shore');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    const arrival = screen.getByLabelText('Expected arrival (local time)');
    expect(arrival).toHaveAccessibleDescription('Expected arrival is already past: a float plan needs an arrival still to come');
    expect(arrival).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(arrival, { target: { value: '2099-06-02T18:00' } });
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    expect(fetch).toHaveBeenCalled();
  });

  it('shows the server’s refusal until the next filing', async () => {
    mockFetch((url, init) =>
      url.pathname === '/api/voyages/v1/float-plan' && init.method === 'PUT' ? { status: 409, body: { error: 'The voyage has already ended', code: 'VOYAGE_ENDED' } } : undefined,
    );
    const user = userEvent.setup();
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" current={null} defaults={{ departure: '2099-06-01', arrival: '2099-06-15', boat: 'Kingfisher' }} onDone={() => undefined} />,
    );
    await user.type(screen.getByLabelText('Name'), 'Ann Shore');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The voyage has already ended');
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'File float plan' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Name is required']);
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('offers no choice for a voyage of one leg, and covers the whole voyage', () => {
    renderAt(
      '/voyages/v1/plan',
      '/voyages/:id/plan',
      <FloatPlanForm voyageId="v1" legs={legs.slice(0, 1)} current={null} defaults={{ departure: null, arrival: null, boat: '' }} onDone={() => undefined} />,
    );
    expect(screen.queryByLabelText('The plan covers')).toBeNull();
  });
});
