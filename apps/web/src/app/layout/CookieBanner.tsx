import { Trans } from '@lingui/react/macro';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { readConsent, saveConsent } from '../../lib/cookie-consent';

/**
 * The banner, shown while mounted: CookieBannerSlot mounts it when it is due
 * and unmounts it once a choice is made (onClose). Reopened, it starts with
 * the preferences open. Essential cookies are always on; the other two are
 * opt-in.
 */
export function CookieBanner({ reopened, onClose }: { reopened: boolean; onClose: () => void }) {
  const [showPreferences, setShowPreferences] = useState(false);
  const [analytics, setAnalytics] = useState(() => readConsent()?.analytics ?? false);
  const [marketing, setMarketing] = useState(() => readConsent()?.marketing ?? false);
  const id = useId();

  useEffect(() => {
    if (!reopened) return;
    const stored = readConsent();
    setAnalytics(stored?.analytics ?? false);
    setMarketing(stored?.marketing ?? false);
    setShowPreferences(true);
  }, [reopened]);

  const decide = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    onClose();
  };

  return (
    <section className="cookie-banner" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>We value your privacy</Trans>
      </h2>
      <p>
        <Trans>
          We use essential cookies; others only if you allow. <Link to="/privacy-policy">Privacy Policy</Link>
        </Trans>
      </p>
      {showPreferences && (
        <fieldset className="cookie-banner__preferences">
          <legend>
            <Trans>Cookie preferences</Trans>
          </legend>
          <div className="toggle-row">
            <label htmlFor={`${id}-essential`}>
              <Trans>Essential (always on)</Trans>
            </label>
            <Switch.Root id={`${id}-essential`} className="switch" checked disabled>
              <Switch.Thumb className="switch__thumb" />
            </Switch.Root>
          </div>
          <div className="toggle-row">
            <label htmlFor={`${id}-analytics`}>
              <Trans>Analytics</Trans>
            </label>
            <Switch.Root id={`${id}-analytics`} className="switch" checked={analytics} onCheckedChange={setAnalytics}>
              <Switch.Thumb className="switch__thumb" />
            </Switch.Root>
          </div>
          <div className="toggle-row">
            <label htmlFor={`${id}-marketing`}>
              <Trans>Marketing</Trans>
            </label>
            <Switch.Root id={`${id}-marketing`} className="switch" checked={marketing} onCheckedChange={setMarketing}>
              <Switch.Thumb className="switch__thumb" />
            </Switch.Root>
          </div>
        </fieldset>
      )}
      <div className="cookie-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => decide({ analytics: false, marketing: false })}>
          <Trans>Essential Only</Trans>
        </button>
        {showPreferences ? (
          <button type="button" className="button button--secondary" onClick={() => decide({ analytics, marketing })}>
            <Trans>Save Preferences</Trans>
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setShowPreferences(true)}>
            <Trans>Preferences</Trans>
          </button>
        )}
        <button type="button" className="button button--primary" onClick={() => decide({ analytics: true, marketing: true })}>
          <Trans>Accept All</Trans>
        </button>
      </div>
    </section>
  );
}
