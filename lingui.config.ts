import { defineConfig } from '@lingui/conf';
import { sharedTextExtractor } from './scripts/i18n/shared-text-extractor';

/**
 * Message catalogues: one per web feature, one for the web's shared layers,
 * one for the API's own texts (mail, notices) and one for the texts the domain,
 * the contracts and the shared rules give the API and the web alike (error and
 * validation messages, keyed by their English text). `I18N_AREA=<catalogue>`
 * extracts one catalogue alone (its name: a feature's folder, `web`, `api` or
 * `shared`).
 */
const WEB = '<rootDir>/apps/web/src';
const catalogs = [
  { area: 'feature', path: `${WEB}/features/{name}/locales/{locale}`, include: [`${WEB}/features/{name}/`], exclude: ['**/*.spec.*'] },
  { area: 'web', path: `${WEB}/locales/{locale}`, include: [`${WEB}/app/`, `${WEB}/components/`, `${WEB}/lib/`, `${WEB}/api/`, `${WEB}/i18n/`], exclude: ['**/*.spec.*'] },
  { area: 'api', path: '<rootDir>/apps/api/src/locales/{locale}', include: ['<rootDir>/apps/api/src/'], exclude: ['**/*.spec.*'] },
  {
    area: 'shared',
    path: '<rootDir>/libs/rules/locales/{locale}',
    include: ['<rootDir>/libs/rules/src/', '<rootDir>/libs/contracts/src/', '<rootDir>/libs/domain/src/', '<rootDir>/apps/api/src/'],
    exclude: ['**/*.spec.*', '**/testing/**'],
  },
] as const;

const area = process.env['I18N_AREA'];
const selected = catalogs.filter((catalog) => {
  if (!area) return true;
  if (catalog.area === 'feature') return !['web', 'api', 'shared'].includes(area);
  return catalog.area === area;
});

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'de', 'es', 'it'],
  fallbackLocales: { default: 'en' },
  orderBy: 'origin',
  catalogs: selected.map(({ path, include, exclude }) => {
    const narrowed =
      area && !['web', 'api', 'shared'].includes(area) ? { path: path.replace('{name}', area), include: include.map((i) => i.replace('{name}', area)) } : { path, include };
    return { ...narrowed, exclude: [...exclude] };
  }),
  extractors: [sharedTextExtractor],
});
