import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingState } from '../../components/ui/States';
import { Footer } from './Footer';
import { Header } from './Header';

// The banner appears a second after the first visit: it need not hold up the page.
const CookieBanner = lazy(() => import('./CookieBanner').then((module) => ({ default: module.CookieBanner })));

export function AppShell() {
  const [cookieSettings, setCookieSettings] = useState(false);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer onCookieSettings={() => setCookieSettings(true)} />
      <Suspense fallback={null}>
        <CookieBanner reopened={cookieSettings} onClose={() => setCookieSettings(false)} />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
