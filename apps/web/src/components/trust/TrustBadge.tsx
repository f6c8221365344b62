import type { TrustSummary } from '@crew/contracts';
import './match.css';

/**
 * A member's trust level and points as the API worked them out (the same rule
 * on every screen): the web shows the level's name and points, never its own
 * reckoning of them.
 */
export function TrustBadge({ trust, prefix = 'Trust level' }: { trust: TrustSummary; prefix?: string }) {
  return (
    <p className="trust-badge" data-testid="trust-badge">
      {prefix}: <strong className={`trust__level trust__level--${trust.level}`}>{trust.label}</strong>{' '}
      <span className="muted">
        ({trust.points} / {trust.max_points} points)
      </span>
    </p>
  );
}
