import { useQuery } from '@tanstack/react-query';
import { verificationStatusQueryOptions } from '../api/profile-api';

const ITEMS = [
  ['email_verified', 'Email verified'],
  ['profile_photo', 'Profile photo'],
  ['emergency_contact', 'Emergency contact'],
  ['sailing_experience', 'Sailing experience'],
  ['phone_verified', 'Phone verified (not available yet)'],
  ['identity_verified', 'Identity verified by our team'],
] as const;

export function TrustIndicator() {
  const status = useQuery(verificationStatusQueryOptions());
  if (!status.data) return null;
  const { verification_level: level, verification_points: points, max_points: max, verifications } = status.data;
  return (
    <section className="card trust" aria-labelledby="trust-heading">
      <h2 id="trust-heading">
        Trust level: <span className={`trust__level trust__level--${level}`}>{level[0]!.toUpperCase() + level.slice(1)}</span>
      </h2>
      <p>
        <meter min={0} max={max} value={points} aria-label="Trust points" /> {points} / {max} points
      </p>
      <ul className="password-rules">
        {ITEMS.map(([key, label]) => (
          <li key={key} data-met={verifications[key]}>
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
