import { localeOfPath, pathWithoutLocale } from '@crew/rules/locales';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { ProfilePanelsContext } from '../components/profile-panels';
import { VoyagePanelsContext } from '../components/voyage-panels';
import { activeLocale, i18n } from '../i18n/i18n';
import { rememberLocale } from '../i18n/language-choice';
import { currentPageIn, localeBasename } from '../i18n/locale-paths';
import { afterNextPaint } from '../lib/after-first-paint';
import { setUnauthorizedHandler } from '../lib/api-client';
import type { PageViewTracker } from '../lib/page-views';
import { useSession } from '../lib/session';
import { matchesOf, routeTable } from './router';
import { profilePanels } from './profile-panels';
import { voyagePanels } from './voyage-panels';

/** A session the API no longer accepts: forget what was cached for it and ask to sign in. */
function SignInWhenUnauthorized({ queryClient }: { readonly queryClient: QueryClient }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      if (pathWithoutLocale(window.location.pathname) !== '/login') void navigate('/login', { replace: true });
    });
  }, [navigate, queryClient, pathname]);
  return null;
}

/** Page views (with analytics consent): the tracker is its own chunk, fetched after the first paint; it records the page it finds when it arrives. */
function TrackPageViews() {
  const location = useLocation();
  const [tracker, setTracker] = useState<PageViewTracker | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void afterNextPaint()
      .then(() => import('../lib/page-views'))
      .then(({ startPageViewTracker }) => {
        if (!live) return;
        const started = startPageViewTracker();
        stop = started.stop;
        setTracker(started);
      });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  useEffect(() => {
    const matches = matchesOf(location);
    if (tracker && matches.length > 0) tracker.seenRoutes(location.key, matches);
  }, [tracker, location]);
  return null;
}

/**
 * Signed-in screens follow the member's saved language: a page at an address
 * without a language prefix, shown in another language (the browser's, or a
 * choice made before signing in), loads again in the saved one. An address
 * that names its language keeps it.
 */
function FollowProfileLanguage() {
  const { user } = useSession();
  const saved = user?.locale;
  useEffect(() => {
    if (!saved || saved === activeLocale() || localeOfPath(window.location.pathname)) return;
    rememberLocale(saved);
    window.location.replace(currentPageIn(saved));
  }, [saved]);
  return null;
}

/** The page the address names. The first page's chunk is there before the first render (main.tsx); later ones load inside a transition, the page left staying on screen meanwhile. */
function Routes() {
  return <Suspense fallback={null}>{useRoutes(routeTable)}</Suspense>;
}

/** The client: one query cache, the router, and the panels features add to other features' pages. */
export function App({ queryClient }: { readonly queryClient: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <VoyagePanelsContext.Provider value={voyagePanels}>
          <ProfilePanelsContext.Provider value={profilePanels}>
            <BrowserRouter basename={localeBasename(window.location.pathname)}>
              <SignInWhenUnauthorized queryClient={queryClient} />
              <TrackPageViews />
              <FollowProfileLanguage />
              <Routes />
            </BrowserRouter>
          </ProfilePanelsContext.Provider>
        </VoyagePanelsContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
