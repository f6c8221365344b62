import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for does not exist.');
  return (
    <div className="page page--narrow not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <p className="actions">
        <Link to="/" className="button button--primary">
          Go home
        </Link>
        <Link to="/voyages" className="button button--secondary">
          Browse voyages
        </Link>
      </p>
    </div>
  );
}
