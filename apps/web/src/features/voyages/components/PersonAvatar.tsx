import { useState } from 'react';
import { initials } from '../lib/format';

/** A photo, or the initials when there is none or it fails to load. */
export function PersonAvatar({ firstName, lastName, photoUrl, size = 'small' }: { firstName: string; lastName: string; photoUrl: string | null; size?: 'small' | 'large' }) {
  const [failed, setFailed] = useState(false);
  const pixels = size === 'large' ? 64 : 32;
  if (photoUrl && !failed) {
    return <img className={`person-avatar person-avatar--${size}`} src={photoUrl} alt="" width={pixels} height={pixels} loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className={`avatar person-avatar person-avatar--${size}`} aria-hidden="true">
      {initials(firstName, lastName)}
    </span>
  );
}
