/**
 * Cookie consent: essential is always on; analytics and
 * marketing are opt-in. Stored locally with a timestamp. Analytics code must
 * call `hasConsent('analytics')` before recording anything.
 */
export const CONSENT_KEY = 'crew.cookie_consent';
export const BANNER_DELAY_MS = 1000;

export interface ConsentRecord {
  readonly essential: true;
  readonly analytics: boolean;
  readonly marketing: boolean;
  readonly timestamp: string;
}

export type ConsentState = 'undecided' | 'essential-only' | 'all' | 'custom';

export const readConsent = (storage: Storage = window.localStorage): ConsentRecord | null => {
  try {
    const value: unknown = JSON.parse(storage.getItem(CONSENT_KEY) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    if (typeof record['analytics'] !== 'boolean' || typeof record['marketing'] !== 'boolean' || typeof record['timestamp'] !== 'string') return null;
    return { essential: true, analytics: record['analytics'], marketing: record['marketing'], timestamp: record['timestamp'] };
  } catch {
    return null;
  }
};

export const consentState = (record: ConsentRecord | null): ConsentState => {
  if (!record) return 'undecided';
  if (record.analytics && record.marketing) return 'all';
  if (!record.analytics && !record.marketing) return 'essential-only';
  return 'custom';
};

export const saveConsent = (choice: { analytics: boolean; marketing: boolean }, now: Date = new Date(), storage: Storage = window.localStorage): ConsentRecord => {
  const record: ConsentRecord = { essential: true, analytics: choice.analytics, marketing: choice.marketing, timestamp: now.toISOString() };
  storage.setItem(CONSENT_KEY, JSON.stringify(record));
  window.dispatchEvent(new Event('crew:consent-changed'));
  return record;
};

export const hasConsent = (purpose: 'analytics' | 'marketing', storage: Storage = window.localStorage): boolean => readConsent(storage)?.[purpose] === true;
