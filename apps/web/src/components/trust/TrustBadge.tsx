import type { TrustSummary } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { trustLevelName } from './trust-labels';
import './match.css';

/**
 * A member's trust level and points as the API worked them out (the same rule
 * on every screen): the web shows the level's name and points, never its own
 * reckoning of them.
 */
export function TrustBadge({ trust, prefix }: { trust: TrustSummary; prefix?: string }) {
  const { t } = useLingui();
  const { points, max_points: maxPoints } = trust;
  return (
    <p className="trust-badge" data-testid="trust-badge">
      {prefix ?? t`Trust level`}: <strong className={`trust__level trust__level--${trust.level}`}>{trustLevelName(trust.level, trust.label)}</strong>{' '}
      <span className="muted">
        <Trans>
          ({points} / {maxPoints} points)
        </Trans>
      </span>
    </p>
  );
}
