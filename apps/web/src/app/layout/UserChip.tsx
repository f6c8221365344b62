import type { UserResponse } from '@crew/contracts';
import { roleBadge, roleBadgeClass } from '../../lib/session';

/**
 * Initials, first name and role badge: the account menu's trigger, and what
 * the header shows while the menu's code is still loading, so nothing jumps.
 */
export function UserChip({ user }: { user: UserResponse }) {
  const badge = roleBadge(user);
  return (
    <>
      <span className="avatar" aria-hidden="true">
        {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()}
      </span>
      <span className="user-menu__name">{user.first_name}</span>
      <span className={roleBadgeClass(user)}>{badge}</span>
    </>
  );
}
