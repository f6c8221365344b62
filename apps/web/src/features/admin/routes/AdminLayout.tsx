import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { useSession } from '../../../lib/session';
import { TwoFactorSetup } from '../components/TwoFactorSetup';
import '../admin.css';

const SECTIONS = [
  { to: '/admin', label: msg`Dashboard`, end: true },
  { to: '/admin/config', label: msg`Configuration`, end: false },
  { to: '/admin/users', label: msg`Users`, end: false },
  { to: '/admin/voyages', label: msg`Voyages`, end: false },
  { to: '/admin/analytics', label: msg`Analytics`, end: false },
  { to: '/admin/support', label: msg`Support`, end: false },
] as const;

export function AdminLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  return (
    <div className="admin">
      <header className="admin__header">
        <Link to="/admin" className="admin__brand">
          <Trans>
            Crew Finder <span>Admin</span>
          </Trans>
        </Link>
        <div className="admin__who">
          <span className="admin__name">
            {user?.first_name} {user?.last_name}
          </span>
          <span className="role-badge role-badge--admin">
            <Trans>Administrator</Trans>
          </span>
          <Link to="/" className="admin__site-link">
            <Trans>View site</Trans>
          </Link>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              signOut();
              navigate('/login');
            }}
          >
            <Trans>Logout</Trans>
          </button>
        </div>
      </header>
      <div className="admin__body">
        <nav className="admin__nav" aria-label={t`Administration`}>
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end}>
              {i18n._(section.label)}
            </NavLink>
          ))}
        </nav>
        <main id="main" className="admin__main">
          {/* Every administrator turns on two-step sign-in before the administrator pages open (the API refuses them until then). */}
          {user && user.two_factor_enabled !== true ? (
            <TwoFactorSetup />
          ) : (
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          )}
        </main>
      </div>
    </div>
  );
}
