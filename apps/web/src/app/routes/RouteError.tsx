import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** A screen failed to load (e.g. a chunk after a deploy) or to draw: say so and offer a way on. */
export function RouteError({ error }: { readonly error: unknown }) {
  const { t } = useLingui();
  const message = error instanceof Error ? error.message : t`Unknown error`;
  return (
    <div className="page page--narrow" role="alert">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>This page could not be shown ({message}).</Trans>
      </p>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
        <Link to="/" className="button button--secondary">
          <Trans>Go home</Trans>
        </Link>
      </p>
    </div>
  );
}

interface BoundaryProps {
  readonly children: ReactNode;
  /** The page the boundary guards: a new one clears the error. */
  readonly resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a page throws while it loads or draws; moving to another page tries afresh. */
export function RouteErrorBoundary({ children }: { readonly children: ReactNode }) {
  return <Boundary resetKey={useLocation().pathname}>{children}</Boundary>;
}
