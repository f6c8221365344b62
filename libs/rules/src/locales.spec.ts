import { describe, expect, it } from '@jest/globals';
import { localeFromAcceptLanguage, localeOfPath, localizedPath, pathWithoutLocale } from './locales';

describe('locales', () => {
  it('reads the best of our languages from Accept-Language, by weight then order, by primary subtag', () => {
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('pt-BR, it;q=0.4, de;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('es;q=0, it')).toBe('it');
    expect(localeFromAcceptLanguage('ja, zh;q=0.9')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it('finds a language prefix only as a whole first segment, and never for English', () => {
    expect(localeOfPath('/fr/voyages')).toBe('fr');
    expect(localeOfPath('/de')).toBe('de');
    expect(localeOfPath('/dashboard')).toBeNull();
    expect(localeOfPath('/en/voyages')).toBeNull();
    expect(localeOfPath('/itinerary')).toBeNull();
  });

  it('moves a path between languages, English without a prefix', () => {
    expect(pathWithoutLocale('/fr/voyages/abc')).toBe('/voyages/abc');
    expect(pathWithoutLocale('/fr')).toBe('/');
    expect(localizedPath('/voyages', 'de')).toBe('/de/voyages');
    expect(localizedPath('/fr/voyages', 'it')).toBe('/it/voyages');
    expect(localizedPath('/es/help', 'en')).toBe('/help');
    expect(localizedPath('/', 'fr')).toBe('/fr');
  });
});
