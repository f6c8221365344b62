import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { verificationStatusQueryOptions } from '../../../api/profile';
import { trustCheckName, trustLevelName } from '../../../components/trust/trust-labels';
import { PhoneVerification } from './PhoneVerification';

/**
 * The member's own trust: the level's name, the points and one tick per check,
 * all as the API sent them (points are the ticks done; the level says
 * "Verified" only after an identity check by the team).
 */
export function TrustIndicator() {
  const { t } = useLingui();
  const status = useQuery(verificationStatusQueryOptions());
  if (!status.data) return null;
  const { verification_level: level, verification_label: english, verification_points: points, max_points: max, checks } = status.data;
  const label = trustLevelName(level, english);
  return (
    <section className="card trust" aria-labelledby="trust-heading">
      <h2 id="trust-heading">
        <Trans>
          Trust level: <span className={`trust__level trust__level--${level}`}>{label}</span>
        </Trans>
      </h2>
      <p>
        <meter min={0} max={max} value={points} aria-label={t`Trust points`} />{' '}
        <Trans>
          {points} / <Plural value={max} one="# point" other="# points" />
        </Trans>
      </p>
      <ul className="password-rules" aria-label={t`Trust checks`}>
        {checks.map((check) => (
          <li key={check.key} data-met={check.done}>
            {trustCheckName(check.key, check.label)}
            <span className="visually-hidden"> {check.done ? t`(done)` : t`(not yet)`}</span>
          </li>
        ))}
      </ul>
      <PhoneVerification status={status.data} />
      <p className="muted">
        <Trans>
          Identity checks are made by our team outside Crew Finder (an official photo document seen on a video call, for instance); to ask for one, contact support. A checked
          identity earns the identity point and the Verified level.
        </Trans>
      </p>
    </section>
  );
}
