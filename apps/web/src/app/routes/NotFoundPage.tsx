import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta';

export function NotFoundPage() {
  const { t } = useLingui();
  usePageMeta(t`Page not found`, t`The page you were looking for does not exist.`);
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>We could not find that page. It may have moved, or the link may be mistyped.</Trans>
      </p>
      <p className="actions">
        <Link to="/" className="button button--primary">
          <Trans>Go home</Trans>
        </Link>
        <Link to="/voyages" className="button button--secondary">
          <Trans>Browse voyages</Trans>
        </Link>
      </p>
    </div>
  );
}
