import { Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { LoadingState } from '../../../components/ui/States';
import { useSession } from '../../../lib/session';
import { TwoFactorSetup } from '../components/TwoFactorSetup';
import '../admin.css';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/config', label: 'Configuration', end: false },
  { to: '/admin/users', label: 'Users', end: false },
  { to: '/admin/voyages', label: 'Voyages', end: false },
  { to: '/admin/analytics', label: 'Analytics', end: false },
  { to: '/admin/support', label: 'Support', end: false },
] as const;

export function AdminLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <div className="admin">
      <header className="admin__header">
        <Link to="/admin" className="admin__brand">
          Crew Finder <span>Admin</span>
        </Link>
        <div className="admin__who">
          <span className="admin__name">
            {user?.first_name} {user?.last_name}
          </span>
          <span className="role-badge role-badge--admin">Administrator</span>
          <Link to="/" className="admin__site-link">
            View site
          </Link>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              signOut();
              navigate('/login');
            }}
          >
            Logout
          </button>
        </div>
      </header>
      <div className="admin__body">
        <nav className="admin__nav" aria-label="Administration">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end}>
              {section.label}
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
