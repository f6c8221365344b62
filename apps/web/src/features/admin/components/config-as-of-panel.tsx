import type { ConfigAsOfResponse } from '@crew/contracts';
import { t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  ids.length === 0 ? t`None` : ids.map((id) => names[id] || t`A deleted member`).join(', ');

export function ConfigAsOfPanel() {
  const { t } = useLingui();
  const id = useId();
  const [input, setInput] = useState(localNow);
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useQuery({ ...configAsOfQueryOptions(asked ?? ''), enabled: asked !== null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = toIso(input);
    setError(iso ? null : t`Choose a date and time`);
    if (iso) setAsked(iso);
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Configuration As Of</Trans>
      </h2>
      <p className="config-note">
        <Trans>Pick a past date and time to see the configuration exactly as it stood then.</Trans>
      </p>
      <form className="as-of__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-at`}>
            <Trans>Date and time</Trans>
          </label>
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
          <Trans>Show configuration</Trans>
        </button>
      </form>
      {asked === null ? null : result.isPending ? (
        <LoadingState label={t`Folding the change log…`} />
      ) : result.isError ? (
        <ErrorState message={result.error.message || t`Failed to load the configuration`} onRetry={() => void result.refetch()} />
      ) : (
        <AsOfResult data={result.data} />
      )}
    </section>
  );
}

/** What the configuration was at the moment asked: how many changes made it so, and every setting. */
function AsOfResult({ data }: { data: ConfigAsOfResponse }) {
  const { t } = useLingui();
  const asOf = formatChangeDate(data.at);
  const lastChange = formatChangeDate(data.last_change_at);
  const applied = data.events_applied;
  const price = formatConfigValue('subscription_price_gbp', data.config.subscription_price_gbp.value);
  return (
    <div className="as-of__result" aria-live="polite">
      <p>
        {applied === 0 ? (
          <Trans>
            As of <strong>{asOf}</strong>: no change had been made yet; every setting had its default.
          </Trans>
        ) : (
          <Trans>
            As of <strong>{asOf}</strong>: <Plural value={applied} one={`# change applied, the last on ${lastChange}.`} other={`# changes applied, the last on ${lastChange}.`} />
          </Trans>
        )}
      </p>
      <dl className="as-of__values">
        <div>
          <dt>
            <Trans>Monetization</Trans>
          </dt>
          <dd>{data.config.monetization_enabled.value ? t`Active` : t`Inactive`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Rollout percentage</Trans>
          </dt>
          <dd>{formatConfigValue('rollout_percentage', data.config.rollout_percentage.value)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Free trial</Trans>
          </dt>
          <dd>{formatConfigValue('free_trial_period_days', data.config.free_trial_period_days.value)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Subscription price</Trans>
          </dt>
          <dd>{t`${price} per year`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Grandfathered users</Trans>
          </dt>
          <dd>{memberList(data.grandfathered_users, data.member_names)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Beta testers</Trans>
          </dt>
          <dd>{memberList(data.beta_testers, data.member_names)}</dd>
        </div>
      </dl>
    </div>
  );
}
