import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PortCombobox } from './PortCombobox';
import { PORTSMOUTH, mockFetch, searchReply } from './test-fixtures';

function Field({ onCustomPoint }: { onCustomPoint: (name: string) => void }) {
  const [query, setQuery] = useState('');
  return <PortCombobox label="Destination port" query={query} onQueryChange={setQuery} onSelect={(port) => setQuery(port.name)} onCustomPoint={onCustomPoint} />;
}

describe('PortCombobox when no harbour matches', () => {
  it('says so and places the typed name as a custom point in one step', async () => {
    const user = userEvent.setup();
    mockFetch((call) => searchReply(call.url));
    const onCustomPoint = jest.fn<(name: string) => void>();
    render(<Field onCustomPoint={onCustomPoint} />);
    const input = screen.getByRole('combobox', { name: 'Destination port' });
    await user.type(input, 'Jost Van Dyke');

    expect(await screen.findByText('No harbour found for “Jost Van Dyke”.', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('status').id);
    await user.click(screen.getByRole('button', { name: 'Place “Jost Van Dyke” on the map' }));
    expect(onCustomPoint).toHaveBeenCalledWith('Jost Van Dyke');
    // The offer and the message go once it is taken.
    expect(screen.queryByText(/No harbour found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /on the map/ })).not.toBeInTheDocument();
  });

  it('takes Enter as the custom point when nothing matches', async () => {
    const user = userEvent.setup();
    mockFetch((call) => searchReply(call.url));
    const onCustomPoint = jest.fn<(name: string) => void>();
    render(<Field onCustomPoint={onCustomPoint} />);
    await user.type(screen.getByRole('combobox', { name: 'Destination port' }), 'Salt Whistle');
    await screen.findByText('No harbour found for “Salt Whistle”.', undefined, { timeout: 2000 });
    await user.keyboard('{Enter}');
    expect(onCustomPoint).toHaveBeenCalledWith('Salt Whistle');
  });

  it('still offers the custom point beside suggestions, without the no-match message', async () => {
    const user = userEvent.setup();
    mockFetch((call) => searchReply(call.url, [PORTSMOUTH]));
    const onCustomPoint = jest.fn<(name: string) => void>();
    render(<Field onCustomPoint={onCustomPoint} />);
    await user.type(screen.getByRole('combobox', { name: 'Destination port' }), 'Ports');
    expect(await screen.findByRole('option', { name: /Portsmouth/ }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByText(/No harbour found/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not listed? Place “Ports” on the map' })).toBeInTheDocument();
    expect(onCustomPoint).not.toHaveBeenCalled();
  });
});
