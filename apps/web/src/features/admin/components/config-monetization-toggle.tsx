import type { PlatformConfigResponse } from '@crew/contracts';
import { useId } from 'react';
import { useChangeConfig } from '../api/config-change-config';
import { reasonOf } from './config-format';

/**
 * The master switch. It shows the value being saved while the request runs;
 * a failed save falls back to the server's value and says why.
 */
export function MonetizationToggle({ config, withNotes = false }: { config: PlatformConfigResponse; withNotes?: boolean }) {
  const change = useChangeConfig();
  const labelId = useId();
  const saving = change.isPending;
  const variables = change.variables;
  const enabled = saving && variables?.kind === 'monetization' ? variables.enabled : config.monetization_enabled.value;
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
          onClick={() => change.mutate({ kind: 'monetization', enabled: !enabled })}
        >
          <span className="switch__thumb" aria-hidden="true" />
          <span className="switch__text">{enabled ? 'On' : 'Off'}</span>
        </button>
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
    </div>
  );
}
