import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { matchRoutes, Navigate, useParams, type Location, type Params, type RouteObject } from 'react-router-dom';
import { prefetchWithEarlyAnswer } from '../lib/early-answer';
import { lazyComponent } from '../lib/lazy-component';
import { tokenStore } from '../lib/token-store';
import { pathWithoutLocale } from '@crew/rules/locales';
import { Guard } from './guards';
import { AppShell } from './layout/AppShell';
import { RouteErrorBoundary } from './routes/RouteError';

type Loader = () => Promise<{ [name: string]: unknown }>;

/** What a route carries besides its element: how to fetch its chunk (and its data) before it is drawn. */
export interface RouteHandle {
  readonly preload?: () => Promise<void>;
  readonly prefetch?: (params: Params, queryClient: QueryClient) => void;
}

/**
 * Each screen is its own chunk, so a public page never loads admin, map or chart code. The first page's
 * chunk is fetched before the first render (main.tsx), so the shell and the page appear together and nothing
 * drawn first has to move; later navigations suspend inside a transition, the page left staying until the next is ready.
 */
const page = (load: Loader, name: string, wrap?: (element: ReactNode) => ReactNode): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyComponent<object>(load, name);
  return { element: wrap ? wrap(<Page />) : <Page />, handle: { preload: Page.preload } satisfies RouteHandle };
};

const auth = (element: ReactNode) => <Guard kind="auth">{element}</Guard>;
const skipper = (element: ReactNode) => <Guard kind="skipper">{element}</Guard>;
const admin = (element: ReactNode) => <Guard kind="admin">{element}</Guard>;

let prefetchedVoyage: string | null = null;

/**
 * A guest's voyage page asks for the voyage while the page's code loads, not
 * after it: one round trip less before the voyage shows on a slow network.
 * (A signed-in viewer's copy depends on who they are, known only once the
 * account has loaded; the page fetches that one itself.) The query's module
 * is the page's own, loaded beside it, so the first page stays small.
 */
const prefetchVoyageForGuest = (params: Params, queryClient: QueryClient): void => {
  const id = params['id'];
  if (!id || tokenStore.get() || id === prefetchedVoyage) return;
  prefetchedVoyage = id;
  // The page's HTML already asked for it (public/voyage-prefetch.js) when this is the page the visit opened.
  const early = window.__crewEarlyVoyage?.id === id ? window.__crewEarlyVoyage.answer : null;
  window.__crewEarlyVoyage = null;
  void import('../api/voyages').then(({ voyageQueryOptions }) => prefetchWithEarlyAnswer(queryClient, voyageQueryOptions(id, null), early));
};

/** On a navigation inside the app, the same prefetch, started as the route is first drawn (before its chunk arrives). */
function PrefetchVoyageForGuest({ children }: { children: ReactNode }) {
  const params = useParams();
  prefetchVoyageForGuest(params, useQueryClient());
  return children;
}

const voyagePage = page(() => import('../features/voyages/routes/VoyageDetailPage'), 'VoyageDetailPage');
const loadVoyagesPage = () => import('../features/voyages/routes/VoyagesPage');
const voyagesPage = page(loadVoyagesPage, 'VoyagesPage');

/** A guest's first page of the list, asked for with the page's own code (VoyagesPage.tsx, prefetchGuestList). */
const prefetchVoyageListForGuest = (_params: Params, queryClient: QueryClient): void => {
  if (!tokenStore.get()) void loadVoyagesPage().then(({ prefetchGuestList }) => prefetchGuestList(new URLSearchParams(window.location.search), queryClient));
};
const adminLayout = page(() => import('../features/admin/routes/AdminLayout'), 'AdminLayout', admin);

export const buildRouteTable = (): RouteObject[] => [
  {
    element: <AppShell />,
    children: [
      { index: true, ...page(() => import('../features/home/routes/HomePage'), 'HomePage') },
      { path: 'login', ...page(() => import('../features/auth/routes/LoginPage'), 'LoginPage') },
      { path: 'register', ...page(() => import('../features/auth/routes/RegisterPage'), 'RegisterPage') },
      { path: 'forgot-password', ...page(() => import('../features/auth/routes/ForgotPasswordPage'), 'ForgotPasswordPage') },
      { path: 'reset-password', ...page(() => import('../features/auth/routes/ResetPasswordPage'), 'ResetPasswordPage') },
      { path: 'sign-in-link', ...page(() => import('../features/auth/routes/SignInLinkPage'), 'SignInLinkPage') },
      { path: 'verify-email', ...page(() => import('../features/auth/routes/VerifyEmailPage'), 'VerifyEmailPage') },
      { path: 'confirm-email-change', ...page(() => import('../features/auth/routes/ConfirmEmailChangePage'), 'ConfirmEmailChangePage') },
      { path: 'undo-email-change', ...page(() => import('../features/auth/routes/UndoEmailChangePage'), 'UndoEmailChangePage') },
      { path: 'email-verification-pending', ...page(() => import('../features/auth/routes/EmailVerificationPendingPage'), 'EmailVerificationPendingPage') },
      { path: 'dashboard', ...page(() => import('../features/dashboard/routes/DashboardPage'), 'DashboardPage', auth) },
      {
        path: 'voyages',
        ...voyagesPage,
        handle: { ...(voyagesPage.handle as RouteHandle), prefetch: prefetchVoyageListForGuest } satisfies RouteHandle,
      },
      {
        path: 'voyages/:id',
        element: <PrefetchVoyageForGuest>{voyagePage.element}</PrefetchVoyageForGuest>,
        handle: { ...(voyagePage.handle as RouteHandle), prefetch: prefetchVoyageForGuest } satisfies RouteHandle,
      },
      {
        path: 'voyages/:id/applications',
        ...page(() => import('../features/applications/routes/VoyageApplicationsPage'), 'VoyageApplicationsPage', auth),
      },
      { path: 'voyages/:id/edit', ...page(() => import('../features/voyages/routes/EditVoyagePage'), 'EditVoyagePage', skipper) },
      { path: 'create-voyage', ...page(() => import('../features/voyages/routes/CreateVoyagePage'), 'CreateVoyagePage', skipper) },
      // Help content links to /create; it is the same screen.
      { path: 'create', element: <Navigate to="/create-voyage" replace /> },
      { path: 'profile', ...page(() => import('../features/profile/routes/ProfilePage'), 'ProfilePage', auth) },
      { path: 'users/:id', ...page(() => import('../features/members/routes/PublicProfilePage'), 'PublicProfilePage') },
      { path: 'applications', ...page(() => import('../features/applications/routes/MyApplicationsPage'), 'MyApplicationsPage', auth) },
      { path: 'messages', ...page(() => import('../features/messages/routes/MessagesPage'), 'MessagesPage', auth) },
      { path: 'messages/new', ...page(() => import('../features/messages/routes/NewConversationPage'), 'NewConversationPage', auth) },
      { path: 'messages/:id', ...page(() => import('../features/messages/routes/MessagesPage'), 'MessagesPage', auth) },
      { path: 'subscription', ...page(() => import('../features/subscription/routes/SubscriptionPage'), 'SubscriptionPage', auth) },
      { path: 'support', ...page(() => import('../features/support/routes/SupportPage'), 'SupportPage', auth) },
      { path: 'saved-searches', ...page(() => import('../features/alerts/routes/SavedSearchesPage'), 'SavedSearchesPage', auth) },
      // An alert mail's unsubscribe link: its signature is the proof, no sign-in needed.
      { path: 'saved-searches/unsubscribe', ...page(() => import('../features/alerts/routes/UnsubscribeAlertPage'), 'UnsubscribeAlertPage') },
      { path: 'agreements/:id', ...page(() => import('../features/trust/routes/AgreementPage'), 'AgreementPage', auth) },
      { path: 'float-plans/:token', ...page(() => import('../features/trust/routes/FloatPlanPage'), 'FloatPlanPage') },
      { path: 'terms-of-service', ...page(() => import('../features/legal/routes/TermsPage'), 'TermsPage') },
      { path: 'privacy-policy', ...page(() => import('../features/legal/routes/PrivacyPage'), 'PrivacyPage') },
      { path: 'help', ...page(() => import('../features/help/routes/HelpPage'), 'HelpPage') },
      { path: 'help/getting-started', ...page(() => import('../features/help/routes/GettingStartedPage'), 'GettingStartedPage') },
      { path: 'help/safety', ...page(() => import('../features/help/routes/SafetyPage'), 'SafetyPage') },
      { path: 'help/articles/:slug', ...page(() => import('../features/help/routes/HelpArticlePage'), 'HelpArticlePage') },
      { path: 'unsubscribe', ...page(() => import('../features/help/routes/UnsubscribePage'), 'UnsubscribePage') },
      // Where the service worker sends a page that is neither reachable nor kept on the device.
      { path: 'offline', ...page(() => import('../features/offline/routes/OfflinePage'), 'OfflinePage') },
      { path: '*', ...page(() => import('./routes/NotFoundPage'), 'NotFoundPage') },
    ],
  },
  {
    path: 'admin',
    element: <RouteErrorBoundary>{adminLayout.element}</RouteErrorBoundary>,
    handle: adminLayout.handle,
    children: [
      { index: true, ...page(() => import('../features/admin/routes/AdminDashboardPage'), 'AdminDashboardPage') },
      { path: 'config', ...page(() => import('../features/admin/routes/AdminConfigPage'), 'AdminConfigPage') },
      { path: 'users', ...page(() => import('../features/admin/routes/AdminUsersPage'), 'AdminUsersPage') },
      { path: 'voyages', ...page(() => import('../features/admin/routes/AdminVoyagesPage'), 'AdminVoyagesPage') },
      { path: 'analytics', ...page(() => import('../features/admin/routes/AdminAnalyticsPage'), 'AdminAnalyticsPage') },
      { path: 'support', ...page(() => import('../features/admin/routes/AdminSupportPage'), 'AdminSupportPage') },
    ],
  },
];

/** The app's one route table (useRoutes draws it; the page-view tracker names pages from it). */
export const routeTable = buildRouteTable();

/** The routes a location matches, outermost first. */
export const matchesOf = (location: Pick<Location, 'pathname'>) => matchRoutes(routeTable, { pathname: pathWithoutLocale(location.pathname) }) ?? [];

/**
 * Before the first render: the chunks of the page the address names (and a
 * guest's voyage), fetched together, so the first render draws the whole
 * page at once, as a data router's loaders would.
 */
export function preloadFirstPage(location: Pick<Location, 'pathname'>, queryClient: QueryClient): Promise<void> {
  const matches = matchesOf(location);
  for (const match of matches) (match.route.handle as RouteHandle | undefined)?.prefetch?.(match.params, queryClient);
  return Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.())).then(
    () => undefined,
    // A chunk that cannot be fetched now is drawn by the route's error boundary, which offers a reload.
    () => undefined,
  );
}
