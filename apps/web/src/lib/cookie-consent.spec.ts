import { describe, expect, it } from '@jest/globals';
import { CONSENT_KEY, consentState, hasConsent, readConsent, saveConsent } from './cookie-consent';

describe('cookie consent', () => {
  it('is undecided with nothing stored or with a corrupt record', () => {
    expect(consentState(readConsent())).toBe('undecided');
    window.localStorage.setItem(CONSENT_KEY, '{"analytics":"yes"}');
    expect(consentState(readConsent())).toBe('undecided');
    window.localStorage.setItem(CONSENT_KEY, 'nope');
    expect(consentState(readConsent())).toBe('undecided');
    const good = { analytics: true, marketing: false, timestamp: '2026-05-01T10:00:00.000Z' };
    for (const broken of [{ ...good, analytics: 'yes' }, { ...good, marketing: 1 }, { ...good, timestamp: 0 }, [good], null]) {
      window.localStorage.setItem(CONSENT_KEY, JSON.stringify(broken));
      expect(consentState(readConsent())).toBe('undecided');
    }
    expect(hasConsent('analytics')).toBe(false);
  });

  it('names the three decided states', () => {
    expect(consentState(saveConsent({ analytics: false, marketing: false }))).toBe('essential-only');
    expect(consentState(saveConsent({ analytics: true, marketing: true }))).toBe('all');
    expect(consentState(saveConsent({ analytics: true, marketing: false }))).toBe('custom');
    expect(consentState(saveConsent({ analytics: false, marketing: true }))).toBe('custom');
  });

  it('stores essential as always on, with the time of the choice', () => {
    saveConsent({ analytics: true, marketing: false }, new Date('2026-05-01T10:00:00Z'));
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null')).toEqual({
      essential: true,
      analytics: true,
      marketing: false,
      timestamp: '2026-05-01T10:00:00.000Z',
    });
  });

  it('grants a purpose only when it was chosen', () => {
    expect(hasConsent('analytics')).toBe(false);
    saveConsent({ analytics: false, marketing: true });
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('marketing')).toBe(true);
  });
});
