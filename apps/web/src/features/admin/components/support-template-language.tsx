import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@crew/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

type OtherLocale = Exclude<Locale, 'en'>;

/** A template list's badge for a template with no version of its own in the chosen language. */
const NO_VERSION_BADGE = {
  fr: msg`No French version yet`,
  de: msg`No German version yet`,
  es: msg`No Spanish version yet`,
  it: msg`No Italian version yet`,
} satisfies Record<OtherLocale, MessageDescriptor>;

/** The editor's notice for a template with no version of its own in the chosen language (it starts from the English text). */
const NO_VERSION_NOTICE = {
  fr: msg`No French version yet: members who read French get the English text until you save one.`,
  de: msg`No German version yet: members who read German get the English text until you save one.`,
  es: msg`No Spanish version yet: members who read Spanish get the English text until you save one.`,
  it: msg`No Italian version yet: members who read Italian get the English text until you save one.`,
} satisfies Record<OtherLocale, MessageDescriptor>;

const isOther = (locale: Locale): locale is OtherLocale => locale !== 'en';

/** The badge naming the missing version, or null for English (every template has an English version). */
export function NoVersionBadge({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  if (!isOther(locale)) return null;
  return <span className="badge badge--warning">{i18n._(NO_VERSION_BADGE[locale])}</span>;
}

/** The editor's plain statement that this language has no version yet and what its members get meanwhile. */
export function NoVersionNotice({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  if (!isOther(locale)) return null;
  return (
    <p className="support-muted" role="status">
      <strong>{i18n._(NO_VERSION_NOTICE[locale])}</strong>
    </p>
  );
}

/**
 * Which language's version of the templates to list and edit: the five
 * languages, each named in its own words. `lockedHint` (unsaved changes in
 * the editor) disables the choice and says why.
 */
export function TemplateLanguageSelect({ id, locale, onChange, lockedHint }: { id: string; locale: Locale; onChange: (locale: Locale) => void; lockedHint?: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Template language</Trans>
      </label>
      <select
        id={id}
        value={locale}
        disabled={lockedHint !== undefined}
        aria-describedby={lockedHint === undefined ? undefined : `${id}-hint`}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLocale(chosen)) onChange(chosen);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
      {lockedHint !== undefined && (
        <p id={`${id}-hint`} className="field__hint">
          {lockedHint}
        </p>
      )}
    </div>
  );
}
