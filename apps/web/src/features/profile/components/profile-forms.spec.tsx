import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { makeUser } from '../../../testing/user-fixture';
import { BasicInfoTab } from './BasicInfoTab';
import { BoatDialog } from './BoatDialog';
import { ExperienceTab } from './ExperienceTab';
import { SafetyTab } from './SafetyTab';

const wrap = (children: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);

/** The error text shown for a control, through its aria-describedby (undefined when none). */
const errorOf = (control: HTMLElement): string | undefined =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent ?? undefined;

describe('profile forms: field errors follow the fields', () => {
  it('boat dialog: each error goes as its field is put right, and nothing is sent until all are', async () => {
    const user = userEvent.setup();
    wrap(<BoatDialog boat={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Add a boat' }));
    await user.click(dialog.getByRole('button', { name: 'Add Boat' }));
    const name = dialog.getByLabelText('Boat name');
    const type = dialog.getByLabelText('Boat type');
    const length = dialog.getByLabelText('Length (ft)');
    expect(errorOf(name)).toBe('Boat name is required');
    expect(errorOf(type)).toBe('Boat type is required');
    expect(errorOf(length)).toBe('Length must be at least 10 feet');

    await user.type(name, 'Golden Hind');
    expect(errorOf(name)).toBeUndefined();
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(type, 'monohull');
    expect(errorOf(type)).toBeUndefined();
    await user.type(length, '9');
    expect(errorOf(length)).toBe('Length must be at least 10 feet');
    await user.type(length, '2');
    expect(errorOf(length)).toBeUndefined();
    // A field that breaks again says so at once.
    await user.type(dialog.getByLabelText('Berths'), '40');
    expect(errorOf(dialog.getByLabelText('Berths'))).toBe('Berths must be between 2 and 12');
  });

  it('boat dialog: equipment reads as words, abbreviations as sailors write them', () => {
    wrap(<BoatDialog boat={null} onClose={() => undefined} onSaved={() => undefined} />);
    for (const label of ['EPIRB', 'GPS', 'Dan buoy', 'Life raft', 'Wi-Fi', 'Depth sounder', 'First aid kit']) {
      expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByText('Epirb')).toBeNull();
    expect(screen.queryByText('Gps')).toBeNull();
    // Nothing is ticked that the skipper did not tick.
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.parentElement?.textContent)).toEqual([
      'Active (offered when I publish a voyage)',
    ]);
  });

  it('basic info: the email error clears as the address becomes valid', async () => {
    const user = userEvent.setup();
    wrap(<BasicInfoTab user={makeUser()} />);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(errorOf(email)).toEqual(expect.any(String));
    await user.type(email, 'crew.test');
    expect(errorOf(email)).toBeUndefined();
  });

  it('safety: name and phone errors clear one by one', async () => {
    const user = userEvent.setup();
    wrap(<SafetyTab user={makeUser()} />);
    await user.click(screen.getByRole('button', { name: 'Save Emergency Contact' }));
    const name = screen.getByLabelText('Full name');
    const phone = screen.getByLabelText('Phone');
    expect(errorOf(name)).toEqual(expect.any(String));
    expect(errorOf(phone)).toEqual(expect.any(String));
    await user.type(name, 'Mary Read');
    expect(errorOf(name)).toBeUndefined();
    expect(errorOf(phone)).toEqual(expect.any(String));
    await user.type(phone, '+44 1983 000000');
    expect(errorOf(phone)).toBeUndefined();
  });

  it('experience: years sailing out of range is flagged and cleared as it is corrected', async () => {
    const user = userEvent.setup();
    wrap(<ExperienceTab user={makeUser()} />);
    const years = screen.getByLabelText('Years sailing');
    fireEvent.change(years, { target: { value: '99' } });
    await user.click(screen.getByRole('button', { name: 'Save Experience' }));
    expect(errorOf(years)).toBe('Years sailing must be between 0 and 80');
    fireEvent.change(years, { target: { value: '12' } });
    expect(errorOf(years)).toBeUndefined();
  });
});
