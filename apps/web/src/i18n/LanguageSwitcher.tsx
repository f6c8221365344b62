import { LOCALE_NAMES, LOCALES, isLocale } from '@crew/rules/locales';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useSession } from '../lib/session';
import { activeLocale } from './i18n';
import { switchLocale } from './language-choice';

/** The footer's language choice: each language named in itself; a signed-in member's choice is saved on the account. */
export function LanguageSwitcher() {
  const id = useId();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div className="language-switcher">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={activeLocale()}
        disabled={busy}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          setBusy(true);
          void switchLocale(locale, user ? (chosen) => import('../api/profile').then(({ saveLocale }) => saveLocale(chosen)) : undefined);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
