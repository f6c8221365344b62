import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** A screen failed to load (e.g. a chunk after a deploy): say so and offer a way on. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="page page--narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown ({message}).</p>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="button button--secondary">
          Go home
        </Link>
      </p>
    </div>
  );
}
