import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { mailPreferencesQueryOptions, useSaveMailPreferences } from '../../../api/mail-preferences';

/** News and campaign mail on or off; mail about the account, applications and voyages is always sent. */
export function MailPreferencesToggle() {
  const preferences = useQuery(mailPreferencesQueryOptions());
  const save = useSaveMailPreferences();
  if (preferences.isPending || preferences.isError) return null;
  return (
    <section className="card" aria-labelledby="mail-preferences-heading">
      <h2 id="mail-preferences-heading">
        <Trans>Email</Trans>
      </h2>
      <label className="field field--inline">
        <input type="checkbox" checked={preferences.data.marketing} disabled={save.isPending} onChange={(e) => save.mutate(e.target.checked)} />{' '}
        <Trans>Send me news and campaign mail from Crew Finder</Trans>
      </label>
      <p className="help-text">
        <Trans>Mail about your account, applications and voyages is always sent.</Trans>
      </p>
      {save.isError && (
        <p role="alert">
          <Trans>Your choice could not be saved. Please try again.</Trans>
        </p>
      )}
    </section>
  );
}
