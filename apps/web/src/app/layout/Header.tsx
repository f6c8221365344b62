import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserResponse } from '@crew/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { usePainted } from '../../lib/after-first-paint';
import { isCrewLike, isSkipperLike, roleBadge, roleBadgeClass, useSession } from '../../lib/session';
import { UserChip } from './UserChip';

// Only / and /voyages show the quick search: other pages do not load it.
const QuickSearch = lazy(() => import('./QuickSearch').then((module) => ({ default: module.QuickSearch })));

// Only signed-in visitors need the menu (and its positioning code): a separate chunk.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));

// Messages with its live unread badge: signed-in visitors only, a chunk of its own.
const MessagesNavLink = lazy(() => import('../../features/messages/components/MessagesNavLink').then((module) => ({ default: module.MessagesNavLink })));
// The same chunk: the phone menu's Messages link with its count, and the count on the menu button.
const MessagesLink = lazy(() => import('../../features/messages/components/MessagesNavLink').then((module) => ({ default: module.MessagesLink })));
const UnreadMenuBadge = lazy(() => import('../../features/messages/components/MessagesNavLink').then((module) => ({ default: module.UnreadMenuBadge })));

export interface MenuLink {
  readonly to: string;
  readonly label: string;
}

/** The signed-in user's links, in the order the header shows them. */
const accountLinks = (user: UserResponse): MenuLink[] => [
  ...(user.is_admin ? [{ to: '/admin', label: t`Admin Dashboard` }] : []),
  { to: '/profile', label: t`Profile` },
  isSkipperLike(user) ? { to: '/dashboard', label: t`My Voyages` } : { to: '/dashboard', label: t`Dashboard` },
  ...(user.user_type.toLowerCase() !== 'skipper' ? [{ to: '/applications', label: t`My Applications` }] : []),
  // Only crew apply, so only crew accounts have a subscription to look after.
  ...(isCrewLike(user) ? [{ to: '/subscription', label: t`Subscription` }] : []),
  // Where a member follows the tickets they opened from the Help centre.
  { to: '/support', label: t`Support` },
];

export function Header() {
  const { t } = useLingui();
  const { user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const showSearch = location.pathname === '/' || location.pathname === '/voyages';
  // The search box's code follows the page's first paint; its room is kept meanwhile.
  const painted = usePainted();

  useEffect(() => setMobileOpen(false), [location.pathname, location.search]);

  // Logging out goes to /. The session ends once / is on screen: a guarded page that saw it end first would send the user to /login.
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = () => {
    setLoggingOut(true);
    navigate('/');
  };
  useEffect(() => {
    if (!loggingOut || location.pathname !== '/') return;
    setLoggingOut(false);
    signOut();
  }, [loggingOut, location.pathname, signOut]);

  const primary: MenuLink[] = [
    { to: '/voyages', label: t`Voyages` },
    { to: '/help', label: t`Help` },
    ...(user && user.user_type === 'skipper' ? [{ to: '/create-voyage', label: t`Create` }] : []),
    ...(user ? [{ to: '/dashboard', label: t`Dashboard` }] : []),
  ];

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label={t`Crew Finder home`}>
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <path fill="currentColor" d="M15 3v19H5L15 3Zm2 4 9 15h-9V7ZM3 24h26l-3 5H6l-3-5Z" />
          </svg>
          <span>Crew Finder</span>
        </Link>
        {showSearch &&
          (painted ? (
            <Suspense fallback={<div className="quick-search" aria-hidden="true" />}>
              <QuickSearch />
            </Suspense>
          ) : (
            <div className="quick-search" aria-hidden="true" />
          ))}
        <nav className="site-nav" aria-label={t`Main`}>
          {primary.map((link) => (
            <NavLink key={link.to} to={link.to} className="site-nav__link">
              {link.label}
            </NavLink>
          ))}
          {user && (
            <Suspense
              fallback={
                <span className="site-nav__link">
                  <Trans>Messages</Trans>
                </span>
              }
            >
              <MessagesNavLink />
            </Suspense>
          )}
          {user ? (
            <Suspense
              fallback={
                <span className="user-menu__trigger" aria-hidden="true">
                  <UserChip user={user} />
                </span>
              }
            >
              <UserMenu user={user} links={accountLinks(user)} onLogout={logout} />
            </Suspense>
          ) : (
            <>
              <Link to="/login" className="site-nav__link">
                <Trans>Login</Trans>
              </Link>
              <Link to="/register" className="button button--primary button--small">
                <Trans>Sign Up</Trans>
              </Link>
            </>
          )}
        </nav>
        <button type="button" className="mobile-toggle" aria-expanded={mobileOpen} aria-controls="mobile-menu" onClick={() => setMobileOpen((open) => !open)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              fill="currentColor"
              d={mobileOpen ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z' : 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z'}
            />
          </svg>
          {/* Named by its text, so the unread count below completes the name: "Open menu, 2 unread messages". */}
          <span className="visually-hidden">{mobileOpen ? t`Close menu` : t`Open menu`}</span>
          {user && (
            <Suspense fallback={null}>
              <UnreadMenuBadge />
            </Suspense>
          )}
        </button>
      </div>
      {mobileOpen && (
        <nav
          id="mobile-menu"
          className="mobile-menu"
          aria-label={t`Mobile`}
          // Close as soon as a link is chosen, not only once the next screen has loaded.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setMobileOpen(false);
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
              {accountLinks(user)
                .filter((link) => link.to !== '/dashboard')
                .map((link) => (
                  <NavLink key={link.label} to={link.to}>
                    {link.label}
                  </NavLink>
                ))}
              <button type="button" className="mobile-menu__logout" onClick={logout}>
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
      )}
    </header>
  );
}
