import type { AdminOverviewResponse } from '@crew/contracts';
import { Trans } from '@lingui/react/macro';
import { formatDays, formatNumber } from '../../../lib/format';

/** Rollout Impact: who the subscription requirement reaches, and the trial new crew get first. */
export function OverviewRolloutImpact({ info }: { info: AdminOverviewResponse['monetization_info'] }) {
  return (
    <section className="card rollout-impact" aria-labelledby="rollout-impact-title">
      <h3 id="rollout-impact-title">
        <Trans>Rollout Impact</Trans>
      </h3>
      <dl className="rollout-impact__figures">
        <div>
          <dt>
            <Trans>Estimated affected users</Trans>
          </dt>
          <dd>{formatNumber(info.estimated_affected_users)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Free trial</Trans>
          </dt>
          <dd>{formatDays(info.free_trial_period_days)}</dd>
        </div>
      </dl>
      <p className="config-note">
        <Trans>Crew members inside the rollout who are not grandfathered, beta testers, on their free trial or premium.</Trans>
      </p>
    </section>
  );
}
