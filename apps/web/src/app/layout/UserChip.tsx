import type { UserResponse } from '@crew/contracts';
import { roleBadge, roleBadgeClass } from '../../lib/session';

/**
 * Photo (or initials), first name and role badge: the account menu's trigger, and what
 * the header shows while the menu's code is still loading, so nothing jumps.
 */
export function UserChip({ user }: { user: UserResponse }) {
  const badge = roleBadge(user);
  // The uploaded photo (its thumbnail when there is one), else the initials.
  const photo = user.profile_photo_thumbnail_url ?? user.profile_photo_url;
  return (
    <>
      {photo ? (
        <img className="avatar avatar--photo" src={photo} alt="" width={32} height={32} />
      ) : (
        <span className="avatar" aria-hidden="true">
          {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()}
        </span>
      )}
      <span className="user-menu__name">{user.first_name}</span>
      <span className={roleBadgeClass(user)}>{badge}</span>
    </>
  );
}
