import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/ui/States';
import { useScrollRestoration } from '../../lib/scroll-restoration';
import { RouteErrorBoundary } from '../routes/RouteError';
import { CookieBannerSlot } from './CookieBannerSlot';
import { Footer } from './Footer';
import { Header } from './Header';

export function AppShell() {
  const [cookieSettings, setCookieSettings] = useState(false);
  useScrollRestoration();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer onCookieSettings={() => setCookieSettings(true)} />
      <CookieBannerSlot reopened={cookieSettings} onClose={() => setCookieSettings(false)} />
    </div>
  );
}
