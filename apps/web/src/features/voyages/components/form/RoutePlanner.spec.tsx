import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { buildSegments, emptyForm, type VoyageFormValues } from './form-state';
import { RoutePlanner } from './RoutePlanner';
import { PORTSMOUTH, mockFetch, routeCheckReply, searchReply } from './test-fixtures';

// Leaflet does not run in jsdom: the map stands in as a button that "clicks" a spot in the Solent.
jest.mock('../map/CustomPointPicker', () => ({
  CustomPointPicker: ({ name, near, onPick }: { name: string; near: readonly [number, number] | null; onPick: (coordinates: [number, number]) => void }) => (
    <button type="button" aria-label={`Map: click where ${name} is`} data-near={near?.join(',')} onClick={() => onPick([-1.405, 50.722])} />
  ),
}));

let latest: VoyageFormValues = emptyForm();
/** The planner inside a form of its own, as the voyage form holds it. */
function Planner() {
  const form = useForm<VoyageFormValues>({ defaultValues: emptyForm() });
  const values = form.watch();
  latest = values;
  return (
    <RoutePlanner
      control={form.control}
      values={values}
      errorOf={() => undefined}
      onChange={(patch) => Object.entries(patch).forEach(([name, value]) => form.setValue(name as keyof VoyageFormValues, value as never))}
      onStopsChange={() => undefined}
    />
  );
}

describe('RoutePlanner custom point', () => {
  it('places a harbour that search does not list as a named point on the map, which becomes a leg without a port id', async () => {
    const user = userEvent.setup();
    mockFetch((call) => searchReply(call.url, [PORTSMOUTH]) ?? routeCheckReply(call.url));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Planner />
      </QueryClientProvider>,
    );
    await user.type(screen.getByRole('combobox', { name: 'Departure port' }), 'Ports');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Portsmouth/ }, { timeout: 2000 }));

    await user.type(screen.getByRole('combobox', { name: 'Destination port' }), 'Newtown Creek');
    await user.click(await screen.findByRole('button', { name: 'Place “Newtown Creek” on the map' }, { timeout: 2000 }));
    expect(screen.getByText('Click the map where “Newtown Creek” is.')).toBeInTheDocument();
    const map = await screen.findByRole('button', { name: 'Map: click where Newtown Creek is' });
    // The map opens on the previous stop.
    expect(map).toHaveAttribute('data-near', `${PORTSMOUTH.longitude},${PORTSMOUTH.latitude}`);
    await user.click(map);

    expect(screen.getByText('Custom point at 50.7220, -1.4050')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Map: click where/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Destination port' })).toHaveValue('Newtown Creek');
    expect(buildSegments(latest)).toEqual([
      expect.objectContaining({ departure_port_id: PORTSMOUTH.id, arrival_port_id: null, arrival_port: 'Newtown Creek', arrival_coordinates: [-1.405, 50.722] }),
    ]);
  });
});
