import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CONSENT_KEY, saveConsent } from '../../lib/cookie-consent';
import { CookieBannerSlot } from './CookieBannerSlot';

const stored = () => JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null') as Record<string, unknown> | null;
let onClose = jest.fn<() => void>();
const tree = (reopened: boolean) => (
  <MemoryRouter>
    <CookieBannerSlot reopened={reopened} onClose={onClose} />
  </MemoryRouter>
);
const renderBanner = (reopened = false) => render(tree(reopened));
const banner = () => screen.queryByRole('region', { name: 'We value your privacy' });
/** The banner is a chunk of its own: once due, it arrives a moment later. */
const bannerArrives = () => screen.findByRole('region', { name: 'We value your privacy' });

describe('CookieBanner', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    onClose = jest.fn<() => void>();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const firstVisit = async () => {
    const view = renderBanner();
    act(() => jest.advanceTimersByTime(999));
    expect(banner()).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    await bannerArrives();
    return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }), rerender: (reopened: boolean) => view.rerender(tree(reopened)) };
  };

  it('appears one second after a first visit; Essential Only stores a refusal and hides it', async () => {
    const { user } = await firstVisit();
    await user.click(screen.getByRole('button', { name: 'Essential Only' }));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ essential: true, analytics: false, marketing: false });
    expect(new Date(String(stored()?.['timestamp'])).toISOString()).toBe(stored()?.['timestamp']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Accept All stores both purposes', async () => {
    const { user } = await firstVisit();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(stored()).toMatchObject({ essential: true, analytics: true, marketing: true });
    expect(banner()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Preferences offers switches; essential is on and locked; a custom choice is saved', async () => {
    const { user } = await firstVisit();
    expect(screen.queryByRole('switch')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const essential = screen.getByRole('switch', { name: 'Essential (always on)' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Analytics' }));
    expect(screen.getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ essential: true, analytics: true, marketing: false });
    expect(banner()).toBeNull();
  });

  it('never appears once a choice is stored', () => {
    saveConsent({ analytics: false, marketing: false });
    renderBanner();
    act(() => jest.advanceTimersByTime(5000));
    expect(banner()).toBeNull();
  });

  it('reopened later in the same visit, it shows the choice made meanwhile', async () => {
    const { user, rerender } = await firstVisit();
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(banner()).toBeNull();
    rerender(true); // the footer's "Cookie settings" link
    await bannerArrives();
    expect(screen.getByRole('switch', { name: 'Analytics' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Marketing' })).toBeChecked();
  });

  it('reopened from the footer, it shows the stored choice', async () => {
    saveConsent({ analytics: false, marketing: true });
    renderBanner(true);
    await bannerArrives(); // without the first-visit delay
    expect(screen.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toBeInTheDocument();
  });
});
