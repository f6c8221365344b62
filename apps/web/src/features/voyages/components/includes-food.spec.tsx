import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeVoyage } from '../../../testing/voyage-fixtures';
import { VoyageCard } from './browse/VoyageCard';
import { VoyageFacts } from './detail/VoyageFacts';
import { emptyForm, fromVoyage, toVoyageRequest } from './form/form-state';

/** "Includes food" is the skipper's checkbox, sent with the voyage and shown only when ticked. */
describe('includes food', () => {
  it('is sent as the skipper ticked it, not ticked for a new voyage, and prefilled from a saved one', () => {
    expect(emptyForm().includes_food).toBe(false);
    expect(toVoyageRequest({ ...emptyForm(), includes_food: true }).includes_food).toBe(true);
    expect(toVoyageRequest(emptyForm()).includes_food).toBe(false);
    expect(fromVoyage(makeVoyage({ includes_food: true })).includes_food).toBe(true);
    expect(fromVoyage(makeVoyage({ includes_food: false })).includes_food).toBe(false);
  });

  it('shows on the voyage page and the browse card when ticked, and never from the contribution text', () => {
    const { unmount } = render(<VoyageFacts voyage={makeVoyage({ includes_food: true, contribution_details: 'Fuel split evenly.' })} />);
    expect(screen.getByText(/Includes food/)).toBeInTheDocument();
    unmount();
    render(<VoyageFacts voyage={makeVoyage({ includes_food: false, contribution_details: 'Food and meals provided.' })} />);
    expect(screen.queryByText(/Includes food/)).toBeNull();
  });

  it('shows on the browse card only when ticked', () => {
    const { unmount } = render(
      <MemoryRouter>
        <VoyageCard voyage={makeVoyage({ includes_food: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Includes food/)).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <VoyageCard voyage={makeVoyage({ includes_food: false })} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Includes food/)).toBeNull();
  });
});
