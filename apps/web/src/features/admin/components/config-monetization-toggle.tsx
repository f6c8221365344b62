import type { PlatformConfigResponse } from '@crew/contracts';
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
  const change = useToggleMonetization();
  const labelId = useId();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [saved, setSaved] = useState(false);
  const saving = change.isPending;
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
          Monetization
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
          <span className="switch__text">{enabled ? 'On' : 'Off'}</span>
        </button>
        <span className="config-saved" role="status">
          {saved && !saving ? 'Saved' : ''}
        </span>
      </div>
      {withNotes &&
        (enabled ? (
          <p className="config-note config-note--warning">Subscription requirements are now enforced for crew members</p>
        ) : (
          <p className="config-note">All users have free access to platform features</p>
        ))}
      {change.isError && (
        <p className="form__error" role="alert">
          Could not change monetization: {reasonOf(change.error)}
        </p>
      )}
      <ImpactConfirmDialog
        change={asking === null ? null : { enabled: asking }}
        title={asking ? 'Turn monetization on?' : 'Turn monetization off?'}
        confirmLabel={asking ? 'Turn on' : 'Turn off'}
        pending={saving}
        error={null}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
