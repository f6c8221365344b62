import type { AdminOverviewResponse } from '@crew/contracts';

/** Rollout Impact: who the subscription requirement reaches, and the trial new crew get first. */
export function OverviewRolloutImpact({ info }: { info: AdminOverviewResponse['monetization_info'] }) {
  return (
    <section className="card rollout-impact" aria-labelledby="rollout-impact-title">
      <h3 id="rollout-impact-title">Rollout Impact</h3>
      <dl className="rollout-impact__figures">
        <div>
          <dt>Estimated affected users</dt>
          <dd>{info.estimated_affected_users.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Free trial</dt>
          <dd>{info.free_trial_period_days} days</dd>
        </div>
      </dl>
      <p className="config-note">Crew members inside the rollout who are not grandfathered, beta testers, on their free trial or premium.</p>
    </section>
  );
}
