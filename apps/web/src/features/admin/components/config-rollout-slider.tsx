import { CONFIG_LIMITS, type PlatformConfigResponse } from '@crew/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useChangeConfig } from '../api/config-change-config';
import { reasonOf } from './config-format';

/** Saves once the slider rests this long, so dragging sends one request. */
const SAVE_AFTER_MS = 400;

/**
 * Rollout 0–100 in steps of 5, usable only while monetization is on and no
 * save is running. A failed save puts the slider back and says why.
 */
export function RolloutSlider({ config, affectedUsers }: { config: PlatformConfigResponse; affectedUsers?: number | null }) {
  const change = useChangeConfig();
  const id = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const saved = config.rollout_percentage.value;
  const value = draft ?? saved;
  const enabled = config.monetization_enabled.value;
  const onChange = (next: number) => {
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (next === saved) {
        setDraft(null);
        return;
      }
      change.mutate({ kind: 'rollout', percentage: next }, { onSettled: () => setDraft(null) });
    }, SAVE_AFTER_MS);
  };
  return (
    <div className="config-control">
      <label htmlFor={id} className="config-switch__label">
        Rollout percentage
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
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <p id={`${id}-affected`} className="config-note">
        <strong>{value}% of crew members affected</strong>
        {typeof affectedUsers === 'number' && draft === null && <> · {affectedUsers.toLocaleString('en-GB')} crew members would need a subscription</>}
        {!enabled && <> · Turn monetization on to change the rollout</>}
        {change.isPending && <> · Saving…</>}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          Could not save the rollout: {reasonOf(change.error)}
        </p>
      )}
    </div>
  );
}
