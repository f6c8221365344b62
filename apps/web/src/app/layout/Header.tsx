import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserResponse } from '@crew/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { usePainted } from '../../lib/after-first-paint';
import { isCrewLike, isSkipperLike, useSession } from '../../lib/session';
import { tokenStore } from '../../lib/token-store';
import { UserChip } from './UserChip';

// Only / and /voyages show the quick search: other pages do not load it.
const QuickSearch = lazy(() => import('./QuickSearch').then((module) => ({ default: module.QuickSearch })));

// The phone menu opens on a tap: its chunk is fetched after the first paint (below), so it opens at once.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

// Only signed-in visitors need the menu (and its positioning code): a separate chunk.
const UserMenu = lazy(() => import('./UserMenu').then((module) => ({ default: module.UserMenu })));

// Messages with its live unread badge: signed-in visitors only, a chunk of its own.
const MessagesNavLink = lazy(() => import('../../features/messages/components/MessagesNavLink').then((module) => ({ default: module.MessagesNavLink })));
// The same chunk: the count on the menu button (and the phone menu's Messages link, MobileMenu).
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
  // Searches saved from browse, their email alerts, and the full voyages watched for a berth.
  { to: '/saved-searches', label: t`Saved searches` },
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
  useEffect(() => {
    if (painted) void loadMobileMenu();
  }, [painted]);

  // Logging out goes to /. The session ends once / is on screen: a guarded page that saw it end first would send the user to /login.
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = () => {
    setLoggingOut(true);
    tokenStore.markEnding();
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
        // Until its chunk has arrived the menu is an empty landmark, so the toggle's aria-controls names an element.
        <Suspense fallback={<nav id="mobile-menu" className="mobile-menu" aria-label={t`Mobile`} />}>
          <MobileMenu user={user} primary={primary} accountLinks={user ? accountLinks(user) : []} onClose={() => setMobileOpen(false)} onLogout={logout} />
        </Suspense>
      )}
    </header>
  );
}
