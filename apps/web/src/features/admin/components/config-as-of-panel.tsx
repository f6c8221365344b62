import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { configAsOfQueryOptions } from '../../../api/admin-config';
import { formatChangeDate, formatConfigValue } from './config-format';

/** "2026-03-01T09:30" (a datetime-local value, local time) → ISO 8601 in UTC; null when unreadable. */
const toIso = (local: string): string | null => {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

const localNow = (): string => {
  const now = new Date();
  now.setSeconds(0, 0);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The configuration exactly as it stood at a chosen moment, folded from the change log on the server. */
/** A list's members by name; one erased since is said to be so rather than shown as an id. */
const memberList = (ids: readonly string[], names: Readonly<Record<string, string>>): string =>
  ids.length === 0 ? 'None' : ids.map((id) => names[id] || 'A deleted member').join(', ');

export function ConfigAsOfPanel() {
  const id = useId();
  const [input, setInput] = useState(localNow);
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useQuery({ ...configAsOfQueryOptions(asked ?? ''), enabled: asked !== null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = toIso(input);
    setError(iso ? null : 'Choose a date and time');
    if (iso) setAsked(iso);
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Configuration As Of</h2>
      <p className="config-note">Pick a past date and time to see the configuration exactly as it stood then.</p>
      <form className="as-of__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-at`}>Date and time</label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary button--small">
          Show configuration
        </button>
      </form>
      {asked === null ? null : result.isPending ? (
        <LoadingState label="Folding the change log…" />
      ) : result.isError ? (
        <ErrorState message={result.error.message || 'Failed to load the configuration'} onRetry={() => void result.refetch()} />
      ) : (
        <div className="as-of__result" aria-live="polite">
          <p>
            As of <strong>{formatChangeDate(result.data.at)}</strong>:{' '}
            {result.data.events_applied === 0
              ? 'no change had been made yet; every setting had its default.'
              : `${result.data.events_applied.toLocaleString('en-GB')} changes applied, the last on ${formatChangeDate(result.data.last_change_at)}.`}
          </p>
          <dl className="as-of__values">
            <div>
              <dt>Monetization</dt>
              <dd>{result.data.config.monetization_enabled.value ? 'Active' : 'Inactive'}</dd>
            </div>
            <div>
              <dt>Rollout percentage</dt>
              <dd>{formatConfigValue('rollout_percentage', result.data.config.rollout_percentage.value)}</dd>
            </div>
            <div>
              <dt>Free trial</dt>
              <dd>{formatConfigValue('free_trial_period_days', result.data.config.free_trial_period_days.value)}</dd>
            </div>
            <div>
              <dt>Subscription price</dt>
              <dd>{formatConfigValue('subscription_price_gbp', result.data.config.subscription_price_gbp.value)} per year</dd>
            </div>
            <div>
              <dt>Grandfathered users</dt>
              <dd>{memberList(result.data.grandfathered_users, result.data.member_names)}</dd>
            </div>
            <div>
              <dt>Beta testers</dt>
              <dd>{memberList(result.data.beta_testers, result.data.member_names)}</dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
