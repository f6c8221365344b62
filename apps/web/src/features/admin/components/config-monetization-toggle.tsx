import type { PlatformConfigResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useToggleMonetization } from '../../../api/admin-config';
import { reasonOf } from './config-format';
import { ImpactConfirmDialog } from './config-impact-confirm';

/**
 * The master switch. Turning it either way changes who may apply, so it first
 * shows how many crew members would need a subscription (counted by the
 * server) and asks for confirmation; then it shows the value being saved, and
 * "Saved" once it is. A failed save falls back to the server's value and says why.
 */
export function MonetizationToggle({ config, withNotes = false }: { config: PlatformConfigResponse; withNotes?: boolean }) {
  const { t } = useLingui();
  const change = useToggleMonetization();
  const labelId = useId();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [saved, setSaved] = useState(false);
  const saving = change.isPending;
  const reason = change.isError ? reasonOf(change.error) : '';
  const enabled = saving && change.variables !== undefined ? change.variables : config.monetization_enabled.value;
  const confirm = () => {
    if (asking === null) return;
    const next = asking;
    setAsking(null);
    setSaved(false);
    change.mutate(next, { onSuccess: () => setSaved(true) });
  };
  return (
    <div className="config-control">
      <div className="config-switch">
        <span id={labelId} className="config-switch__label">
          <Trans>Monetization</Trans>
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={labelId}
          className={`switch${enabled ? ' switch--on' : ''}`}
          disabled={saving}
          onClick={() => {
            if (change.isError) change.reset();
            setSaved(false);
            setAsking(!enabled);
          }}
        >
          <span className="switch__thumb" aria-hidden="true" />
          <span className="switch__text">{enabled ? t`On` : t`Off`}</span>
        </button>
        <span className="config-saved" role="status">
          {saved && !saving ? t`Saved` : ''}
        </span>
      </div>
      {withNotes &&
        (enabled ? (
          <p className="config-note config-note--warning">
            <Trans>Subscription requirements are now enforced for crew members</Trans>
          </p>
        ) : (
          <p className="config-note">
            <Trans>All users have free access to platform features</Trans>
          </p>
        ))}
      {change.isError && (
        <p className="form__error" role="alert">
          {t`Could not change monetization: ${reason}`}
        </p>
      )}
      <ImpactConfirmDialog
        change={asking === null ? null : { enabled: asking }}
        title={asking ? t`Turn monetization on?` : t`Turn monetization off?`}
        confirmLabel={asking ? t`Turn on` : t`Turn off`}
        pending={saving}
        error={null}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
