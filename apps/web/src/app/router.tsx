import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { startFreshLoadsAtTop } from '../lib/scroll-restoration';
import { tokenStore } from '../lib/token-store';
import { Guard } from './guards';
import { AppShell } from './layout/AppShell';
import { NotFoundPage } from './routes/NotFoundPage';
import { RouteError } from './routes/RouteError';

type Loader = () => Promise<{ [name: string]: unknown }>;

/** Each screen is its own chunk, so a public page never loads admin, map or chart code. */
const page = (load: Loader, name: string, wrap?: (element: ReactNode) => ReactNode): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Component = (await load())[name] as ComponentType;
    return wrap ? { element: wrap(<Component />) } : { Component };
  },
});

/**
 * What the router draws while the first page's code loads: nothing, as the
 * page and its shell then appear together and nothing drawn first has to move.
 * Named, so the router knows the wait is intended (no "No HydrateFallback" warning).
 */
function FirstLoad() {
  return null;
}

const auth = (element: ReactNode) => <Guard kind="auth">{element}</Guard>;
const skipper = (element: ReactNode) => <Guard kind="skipper">{element}</Guard>;
const admin = (element: ReactNode) => <Guard kind="admin">{element}</Guard>;

/**
 * A guest's voyage page asks for the voyage while the page's code loads, not
 * after it: one round trip less before the voyage shows on a slow network.
 * (A signed-in viewer's copy depends on who they are, known only once the
 * account has loaded; the page fetches that one itself.)
 */
const prefetchVoyageForGuest =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    const id = params['id'];
    // The query's module is the page's own (loaded beside it), so the first page stays small.
    if (id && !tokenStore.get()) void import('../api/voyages').then(({ voyageQueryOptions }) => queryClient.prefetchQuery(voyageQueryOptions(id, null)));
    return null;
  };

export const buildRouteTable = (queryClient?: QueryClient): RouteObject[] => [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
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
      {
        path: 'email-verification-pending',
        id: 'EmailVerificationPending',
        ...page(() => import('../features/auth/routes/EmailVerificationPendingPage'), 'EmailVerificationPendingPage'),
      },
      { path: 'dashboard', ...page(() => import('../features/dashboard/routes/DashboardPage'), 'DashboardPage', auth) },
      { path: 'voyages', ...page(() => import('../features/voyages/routes/VoyagesPage'), 'VoyagesPage') },
      {
        path: 'voyages/:id',
        ...(queryClient ? { loader: prefetchVoyageForGuest(queryClient) } : {}),
        ...page(() => import('../features/voyages/routes/VoyageDetailPage'), 'VoyageDetailPage'),
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
      { path: 'agreements/:id', ...page(() => import('../features/trust/routes/AgreementPage'), 'AgreementPage', auth) },
      { path: 'float-plans/:token', ...page(() => import('../features/trust/routes/FloatPlanPage'), 'FloatPlanPage') },
      { path: 'terms-of-service', ...page(() => import('../features/legal/routes/TermsPage'), 'TermsPage') },
      { path: 'privacy-policy', ...page(() => import('../features/legal/routes/PrivacyPage'), 'PrivacyPage') },
      { path: 'help', ...page(() => import('../features/help/routes/HelpPage'), 'HelpPage') },
      { path: 'help/getting-started', ...page(() => import('../features/help/routes/GettingStartedPage'), 'GettingStartedPage') },
      { path: 'help/safety', ...page(() => import('../features/help/routes/SafetyPage'), 'SafetyPage') },
      { path: 'help/articles/:slug', ...page(() => import('../features/help/routes/HelpArticlePage'), 'HelpArticlePage') },
      { path: 'unsubscribe', ...page(() => import('../features/help/routes/UnsubscribePage'), 'UnsubscribePage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'admin',
    errorElement: <RouteError />,
    HydrateFallback: FirstLoad,
    ...page(() => import('../features/admin/routes/AdminLayout'), 'AdminLayout', admin),
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

/** The app's router; a page loaded afresh starts at the top, Back and Forward return to the place left (see scroll-restoration). */
export const createAppRouter = (queryClient?: QueryClient) => {
  startFreshLoadsAtTop();
  return createBrowserRouter(buildRouteTable(queryClient));
};
