import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingState } from '../../components/ui/States';
import { CookieBannerSlot } from './CookieBannerSlot';
import { Footer } from './Footer';
import { Header } from './Header';

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
      <CookieBannerSlot reopened={cookieSettings} onClose={() => setCookieSettings(false)} />
      <ScrollRestoration />
    </div>
  );
}
