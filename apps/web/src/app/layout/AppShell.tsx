import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/ui/States';
import { usePainted } from '../../lib/after-first-paint';
import { useScrollRestoration } from '../../lib/scroll-restoration';
import { RouteErrorBoundary } from '../routes/RouteError';
import { CookieBannerSlot } from './CookieBannerSlot';
import { Header } from './Header';
import { UpdateNoticeSlot } from './UpdateNoticeSlot';

// The footer (links, contacts, the language switcher) is below the fold: its code and messages follow the first paint.
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));

export function AppShell() {
  const painted = usePainted();
  const [cookieSettings, setCookieSettings] = useState(false);
  useScrollRestoration();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <UpdateNoticeSlot />
        <RouteErrorBoundary>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {painted && (
        <Suspense fallback={null}>
          <Footer onCookieSettings={() => setCookieSettings(true)} />
        </Suspense>
      )}
      <CookieBannerSlot reopened={cookieSettings} onClose={() => setCookieSettings(false)} />
    </div>
  );
}
