import { boatSchema } from '@crew/contracts';
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { fieldErrorOf } from '../../../testing/field-error';
import { makeUser } from '../../../testing/user-fixture';
import { BasicInfoTab } from './BasicInfoTab';
import { BoatDialog } from './BoatDialog';
import { ExperienceTab } from './ExperienceTab';
import { SafetyTab } from './SafetyTab';

/** The API's answer to saving a boat, checked against the contract. */
const savedBoat = boatSchema.parse({
  id: 'boat-1',
  name: 'Golden Hind',
  boat_type: 'monohull',
  make_model: '',
  year_built: null,
  length_feet: 42,
  beam_feet: null,
  draft_feet: null,
  max_crew: 6,
  capacity: 6,
  berths: 6,
  heads: null,
  home_port_name: '',
  registration_number: '',
  registration_country: null,
  description: '',
  equipment: { safety: ['life_raft'], navigation: [], comfort: [] },
  boat_photo_url: null,
  boat_photo_thumbnail_url: null,
  is_active: true,
});

const wrap = (children: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);

describe('profile forms: field errors follow the fields', () => {
  it('boat dialog: each error goes as its field is put right, and nothing is sent until all are', async () => {
    const user = userEvent.setup();
    wrap(<BoatDialog boat={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Add a boat' }));
    await user.click(dialog.getByRole('button', { name: 'Add Boat' }));
    const name = dialog.getByLabelText('Boat name');
    const type = dialog.getByLabelText('Boat type');
    const length = dialog.getByLabelText('Length (ft)');
    expect(fieldErrorOf(name)).toBe('Boat name is required');
    expect(fieldErrorOf(type)).toBe('Boat type is required');
    expect(fieldErrorOf(length)).toBe('Length must be at least 10 feet');

    await user.type(name, 'Golden Hind');
    expect(fieldErrorOf(name)).toBeUndefined();
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(type, 'monohull');
    expect(fieldErrorOf(type)).toBeUndefined();
    await user.type(length, '9');
    expect(fieldErrorOf(length)).toBe('Length must be at least 10 feet');
    await user.type(length, '2');
    expect(fieldErrorOf(length)).toBeUndefined();
    // A field that breaks again says so at once.
    await user.type(dialog.getByLabelText('Berths'), '40');
    expect(fieldErrorOf(dialog.getByLabelText('Berths'))).toBe('Berths must be between 2 and 12');
  });

  it('boat dialog: sends the boat as the contract reads it, empty boxes as no value', async () => {
    const user = userEvent.setup();
    const sent: { method: string; path: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return { ok: true, status: 201, json: async () => savedBoat } as Response;
    }) as unknown as typeof fetch;
    const onSaved = jest.fn();
    wrap(<BoatDialog boat={null} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Add a boat' }));
    await user.type(dialog.getByLabelText('Boat name'), 'Golden Hind');
    await user.selectOptions(dialog.getByLabelText('Boat type'), 'monohull');
    await user.type(dialog.getByLabelText('Length (ft)'), '42');
    await user.type(dialog.getByLabelText('Berths'), '6');
    await user.click(dialog.getByRole('checkbox', { name: 'Life raft' }));
    await user.click(dialog.getByRole('button', { name: 'Add Boat' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Boat added successfully!'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/profile/boats',
        body: {
          name: 'Golden Hind',
          boat_type: 'monohull',
          make_model: '',
          length_feet: 42,
          year: null,
          capacity: 6,
          beam_feet: null,
          draft_feet: null,
          berths: 6,
          heads: null,
          home_port_name: '',
          registration_number: '',
          registration_country: null,
          description: '',
          is_active: true,
          equipment: { safety: ['life_raft'], navigation: [], comfort: [] },
        },
      },
    ]);
  });

  it('boat dialog: equipment reads as words, abbreviations as sailors write them', () => {
    wrap(<BoatDialog boat={null} onClose={() => undefined} onSaved={() => undefined} />);
    for (const label of ['EPIRB', 'GPS', 'Dan buoy', 'Life raft', 'Wi-Fi', 'Depth sounder', 'First aid kit']) {
      expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByText('Epirb')).toBeNull();
    expect(screen.queryByText('Gps')).toBeNull();
    // Nothing is ticked that the skipper did not tick.
    expect(
      screen
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Active (offered when I publish a voyage)']);
  });

  it('basic info: the email error clears as the address becomes valid', async () => {
    const user = userEvent.setup();
    wrap(<BasicInfoTab user={makeUser()} />);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(fieldErrorOf(email)).toEqual(expect.any(String));
    await user.type(email, 'crew.test');
    expect(fieldErrorOf(email)).toBeUndefined();
  });

  it('basic info: a new email asks for the current password, says the address changes only once the link is opened, and sends the password', async () => {
    const user = userEvent.setup();
    const sent: { method: string; path: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method ?? 'GET', path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return { ok: true, status: 200, json: async () => makeUser({ pending_email: 'grace@new.test' }) } as Response;
    }) as unknown as typeof fetch;
    wrap(<BasicInfoTab user={makeUser()} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@new.test');
    expect(screen.getByText("We'll send a link to the new address; your address changes when you open it. Your current address is told too.")).toBeInTheDocument();
    const password = screen.getByLabelText('Current password');

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(fieldErrorOf(password)).toBe('Please enter your current password to change your email address.');
    expect(sent).toEqual([]);
    await user.type(password, 'pass-1234');
    expect(fieldErrorOf(password)).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('We sent a link to grace@new.test. Your address changes when you open it; until then, sign in with grace@crew.test.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/api/users/me', body: expect.objectContaining({ email: 'grace@new.test', current_password: 'pass-1234' }) }]);
    // The form shows the address the account still signs in with.
    expect(screen.getByLabelText('Email')).toHaveValue('grace@crew.test');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it("basic info: the server's wrong-password refusal shows under the password until it is changed", async () => {
    const user = userEvent.setup();
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 403,
      json: async () => ({
        error: 'Your current password is not correct.',
        code: 'WRONG_PASSWORD',
        details: [{ path: 'current_password', message: 'Your current password is not correct.' }],
      }),
    })) as unknown as typeof fetch;
    wrap(<BasicInfoTab user={makeUser()} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@new.test');
    const password = screen.getByLabelText('Current password');
    await user.type(password, 'guess-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Your current password is not correct.', { selector: '.field__error' })).toBeInTheDocument();
    await user.type(password, 'x');
    expect(fieldErrorOf(password)).toBeUndefined();
  });

  it('basic info: a pending change shows with a way to cancel it', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return { ok: true, status: 200, json: async () => makeUser() } as Response;
    }) as unknown as typeof fetch;
    wrap(<BasicInfoTab user={makeUser({ pending_email: 'grace@new.test' })} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waiting for confirmation: open the link we sent to grace@new.test to switch to it. Until then you sign in with grace@crew.test.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel email change' }));
    expect(sent).toEqual(['DELETE /api/users/me/pending-email']);
  });

  it('safety: says who sees the emergency contact, as the float plan shows it', () => {
    wrap(<SafetyTab user={makeUser()} />);
    expect(screen.queryByText(/Only you and, in an emergency, our safety team/)).toBeNull();
    expect(screen.getByText(/the skipper and the shore contacts named in its float plan see its name, relationship and phone only if you agree/)).toBeInTheDocument();
    expect(screen.getByText(/when you accept that voyage’s crew agreement; other crew never do/)).toBeInTheDocument();
  });

  it('safety: name and phone errors clear one by one', async () => {
    const user = userEvent.setup();
    wrap(<SafetyTab user={makeUser()} />);
    await user.click(screen.getByRole('button', { name: 'Save Emergency Contact' }));
    const name = screen.getByLabelText('Full name');
    const phone = screen.getByLabelText('Phone');
    expect(fieldErrorOf(name)).toEqual(expect.any(String));
    expect(fieldErrorOf(phone)).toEqual(expect.any(String));
    await user.type(name, 'Mary Read');
    expect(fieldErrorOf(name)).toBeUndefined();
    expect(fieldErrorOf(phone)).toEqual(expect.any(String));
    await user.type(phone, '+44 1983 000000');
    expect(fieldErrorOf(phone)).toBeUndefined();
  });

  it('experience: an empty years box is flagged, and the ticks and certifications are sent as lists', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      return { ok: true, status: 200, json: async () => makeUser() } as Response;
    }) as unknown as typeof fetch;
    wrap(<ExperienceTab user={makeUser()} />);
    const years = screen.getByLabelText('Years sailing');
    await user.clear(years);
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(fieldErrorOf(years)).toBe('Years sailing must be between 0 and 80');
    expect(sent).toEqual([]);
    await user.type(years, '6');
    expect(fieldErrorOf(years)).toBeUndefined();
    await user.click(screen.getByLabelText('Offshore'));
    await user.type(screen.getByLabelText('Certifications'), 'RYA Competent Crew{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(await screen.findByText('Sailing experience updated!')).toBeInTheDocument();
    expect(sent).toEqual([{ years_sailing: 6, sailing_areas: ['Offshore'], experience_types: [], certifications: ['RYA Competent Crew'], informal_description: '' }]);
  });

  it('experience: years sailing out of range is flagged and cleared as it is corrected', async () => {
    const user = userEvent.setup();
    wrap(<ExperienceTab user={makeUser()} />);
    const years = screen.getByLabelText('Years sailing');
    fireEvent.change(years, { target: { value: '99' } });
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(fieldErrorOf(years)).toBe('Years sailing must be between 0 and 80');
    fireEvent.change(years, { target: { value: '12' } });
    // The form checks a change against the contract's schema asynchronously (the schema loads with the contracts chunk).
    await waitFor(() => expect(fieldErrorOf(years)).toBeUndefined());
  });
});
