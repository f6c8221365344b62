import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/States';

export const FORBIDDEN_MESSAGE = 'You are not authorized to view applications for this voyage';
/** Long enough to read the message before the dashboard replaces it. */
export const FORBIDDEN_REDIRECT_MS = 2_000;

/**
 * A 403 says why, then goes to the dashboard; the message also
 * travels in the navigation state (`notice`) for a screen that wants to repeat it.
 */
export function ForbiddenRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true, state: { notice: FORBIDDEN_MESSAGE } }), FORBIDDEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <ErrorState message={FORBIDDEN_MESSAGE} />
      <p className="applications-redirect">
        Taking you to your dashboard… <Link to="/dashboard">Go now</Link>
      </p>
    </>
  );
}
