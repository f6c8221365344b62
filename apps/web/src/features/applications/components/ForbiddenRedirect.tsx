import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/States';

/** Long enough to read the message before the dashboard replaces it. */
export const FORBIDDEN_REDIRECT_MS = 2_000;

/**
 * A 403 says why, then goes to the dashboard; the message also
 * travels in the navigation state (`notice`) for a screen that wants to repeat it.
 */
export function ForbiddenRedirect() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const forbidden = t`You are not authorized to view applications for this voyage`;
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true, state: { notice: forbidden } }), FORBIDDEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, forbidden]);
  return (
    <>
      <ErrorState message={forbidden} />
      <p className="applications-redirect">
        <Trans>
          Taking you to your dashboard… <Link to="/dashboard">Go now</Link>
        </Trans>
      </p>
    </>
  );
}
