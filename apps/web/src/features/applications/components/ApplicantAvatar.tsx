import { useState } from 'react';
import { initials } from '../lib/format';

/** The applicant's photo, or their initials when there is none or it fails to load. */
export function ApplicantAvatar({ firstName, lastName, photoUrl }: { firstName: string; lastName: string; photoUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (photoUrl && !failed) {
    return <img className="applicant-avatar" src={photoUrl} alt="" width={56} height={56} loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className="avatar applicant-avatar" aria-hidden="true">
      {initials(firstName, lastName)}
    </span>
  );
}
