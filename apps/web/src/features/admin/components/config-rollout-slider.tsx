import { CONFIG_LIMITS, type PlatformConfigResponse } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { monetizationImpactQueryOptions, useSetRollout } from '../../../api/admin-config';
import { reasonOf } from './config-format';
import { ImpactConfirmDialog } from './config-impact-confirm';
import { useDebounced } from './users-debounce';

/**
 * Rollout 0–100 in steps of 5, usable only while monetization is on and no
 * save is running. Moving it saves nothing: it shows how many crew members
 * would need a subscription at that value (counted by the server), and Save
 * asks for confirmation with that count. "Saved" once saved; a failed save
 * puts the slider back and says why.
 */
export function RolloutSlider({ config }: { config: PlatformConfigResponse }) {
  const { t } = useLingui();
  const change = useSetRollout();
  const id = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const current = config.rollout_percentage.value;
  const value = draft ?? current;
  const enabled = config.monetization_enabled.value;
  const changed = draft !== null && draft !== current;
  // The count follows the slider once it rests (300 ms), not every step of a drag.
  const counted = useDebounced(value);
  const impact = useQuery({ ...monetizationImpactQueryOptions({ rollout: counted }), enabled });
  const need = impact.data && impact.data.proposed.rollout_percentage === value ? impact.data.need_subscription : null;
  const reason = change.isError ? reasonOf(change.error) : '';
  const save = () => {
    if (draft === null) return;
    setConfirming(false);
    change.mutate(draft, {
      onSuccess: () => setSaved(true),
      onSettled: () => setDraft(null),
    });
  };
  return (
    <div className="config-control">
      <label htmlFor={id} className="config-switch__label">
        <Trans>Rollout percentage</Trans>
      </label>
      <input
        id={id}
        type="range"
        className="rollout-slider"
        min={CONFIG_LIMITS.rollout.min}
        max={CONFIG_LIMITS.rollout.max}
        step={CONFIG_LIMITS.rollout.step}
        value={value}
        disabled={!enabled || change.isPending}
        aria-valuetext={`${value}%`}
        aria-describedby={`${id}-affected`}
        onChange={(event) => {
          if (change.isError) change.reset();
          setSaved(false);
          setDraft(Number(event.target.value));
        }}
      />
      <p id={`${id}-affected`} className="config-note">
        <strong>
          <Trans>{value}% of crew members affected</Trans>
        </strong>
        {enabled && need !== null && (
          <>
            {' '}
            ·{' '}
            {changed
              ? t`${plural(need, { one: '# crew member would need a subscription', other: '# crew members would need a subscription' })}`
              : t`${plural(need, { one: '# crew member needs a subscription', other: '# crew members need a subscription' })}`}
          </>
        )}
        {!enabled && (
          <>
            {' '}
            · <Trans>Turn monetization on to change the rollout</Trans>
          </>
        )}
        {change.isPending && (
          <>
            {' '}
            · <Trans>Saving…</Trans>
          </>
        )}
      </p>
      {changed && !change.isPending && (
        <div className="actions">
          <button type="button" className="button button--primary button--small" onClick={() => setConfirming(true)}>
            <Trans>Save rollout…</Trans>
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setDraft(null)}>
            <Trans>Undo</Trans>
          </button>
        </div>
      )}
      <p className="config-saved" role="status">
        {saved && !change.isPending && !changed ? t`Saved` : ''}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          {t`Could not save the rollout: ${reason}`}
        </p>
      )}
      <ImpactConfirmDialog
        change={confirming && draft !== null ? { rollout: draft } : null}
        title={t`Set the rollout to ${value}%?`}
        confirmLabel={t`Save rollout`}
        pending={change.isPending}
        error={null}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
