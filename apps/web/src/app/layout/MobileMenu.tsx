import type { UserResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router-dom';
import { roleBadge, roleBadgeClass } from '../../lib/session';
import type { MenuLink } from './Header';

// The phone menu's Messages link with its unread count: signed-in visitors only, the messages feature's chunk.
const MessagesLink = lazy(() => import('../../features/messages/components/MessagesNavLink').then((module) => ({ default: module.MessagesLink })));

/** The phone menu: the main links, then the account's, or sign-in and sign-up. A chunk of its own, opened by a tap. */
export function MobileMenu({
  user,
  primary,
  accountLinks,
  onClose,
  onLogout,
}: {
  readonly user: UserResponse | null | undefined;
  readonly primary: readonly MenuLink[];
  readonly accountLinks: readonly MenuLink[];
  readonly onClose: () => void;
  readonly onLogout: () => void;
}) {
  const { t } = useLingui();
  return (
    <nav
      id="mobile-menu"
      className="mobile-menu"
      aria-label={t`Mobile`}
      // Close as soon as a link is chosen, not only once the next screen has loaded.
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) onClose();
      }}
    >
      {user && (
        <p className="mobile-menu__user">
          {user.first_name} {user.last_name} <span className={roleBadgeClass(user)}>{roleBadge(user)}</span>
        </p>
      )}
      {primary.map((link) => (
        <NavLink key={link.to} to={link.to}>
          {link.label}
        </NavLink>
      ))}
      {user && (
        <Suspense
          fallback={
            <NavLink to="/messages">
              <Trans>Messages</Trans>
            </NavLink>
          }
        >
          <MessagesLink className="mobile-menu__link" />
        </Suspense>
      )}
      {user ? (
        <>
          {accountLinks
            .filter((link) => link.to !== '/dashboard')
            .map((link) => (
              <NavLink key={link.label} to={link.to}>
                {link.label}
              </NavLink>
            ))}
          <button type="button" className="mobile-menu__logout" onClick={onLogout}>
            <Trans>Logout</Trans>
          </button>
        </>
      ) : (
        <>
          <NavLink to="/login">
            <Trans>Login</Trans>
          </NavLink>
          <NavLink to="/register">
            <Trans>Sign Up</Trans>
          </NavLink>
        </>
      )}
    </nav>
  );
}
