import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { AutologinPage } from '../features/auth/components/autologin-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { usePresenter } from '../features/auth/session';
import { HomeRedirect } from '../features/home/components/home-redirect';
import { PrivacyPage } from '../features/privacy/components/privacy-page';
import { AdminOnly, GuestOnly, OnboardingOnly, RequireAuth, RequireOnboarded } from './guards';
import { Integrations, ReportedRouteError } from './integrations';
import { AuthLayout } from './layouts/auth-layout';
import { DefaultLayout } from './layouts/default-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { GuestLayout } from './layouts/guest-layout';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { SettingsLayout } from './layouts/settings-layout';
import { LoadingBar } from './loading-bar';
import { NotFoundPage } from './not-found-page';

const soon = {
  screeners: (
    <ComingSoon
      title="Your screeners"
      description="Upload a film or import it from Vimeo, then share it with a link per viewer."
    />
  ),
  addScreener: (
    <ComingSoon
      title="Add a screener"
      description="Upload a film, pick one from Vimeo, or start from the sample film."
    />
  ),
  trackingLinks: (
    <ComingSoon
      title="Tracking links"
      description="Every viewer of this film, with their sessions and watched minutes."
    />
  ),
  sharing: (
    <ComingSoon
      title="Share this screener"
      description="Invite viewers by e-mail, create access links or an anonymous link."
    />
  ),
  analytics: (
    <ComingSoon title="Session replay" description="Replay each viewing session against the film itself." />
  ),
  onboarding: (
    <ComingSoon
      title="Welcome to Screenroom"
      description="A few steps from your first film to your first shared screener."
    />
  ),
  inspire: <ComingSoon title="Inspire" description="Ideas for getting your screeners watched." />,
  settingsHome: (
    <ComingSoon title="Settings" description="Your profile, preferences and linked Vimeo account." />
  ),
  profile: <ComingSoon title="Profile" description="Your name, time zone and theme." />,
};

/** Vimeo screens load on demand: most visits never need them. */
const lazyVimeo = {
  configurations: () =>
    import('../features/vimeo/components/vimeo-configurations-page').then((m) => ({
      Component: m.VimeoConfigurationsPage,
    })),
  linking: () =>
    import('../features/vimeo/components/vimeo-linking-page').then((m) => ({
      Component: m.VimeoLinkingPage,
    })),
};

const lazyPage =
  <T,>(load: () => Promise<T>, pick: (m: T) => ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });
const videosPages = {
  library: lazyPage(
    () => import('../features/videos/components/screeners-page'),
    (m) => m.ScreenersPage,
  ),
  addScreener: lazyPage(
    () => import('../features/videos/components/add-screener-dialog'),
    (m) => m.AddScreenerDialog,
  ),
  layout: lazyPage(
    () => import('../features/videos/components/screener-layout'),
    (m) => m.ScreenerLayout,
  ),
  overview: lazyPage(
    () => import('../features/videos/components/screener-overview-page'),
    (m) => m.ScreenerOverviewPage,
  ),
  dialogHost: lazyPage(
    () => import('../features/videos/components/screener-dialog-host'),
    (m) => m.ScreenerDialogHost,
  ),
  configurations: lazyPage(
    () => import('../features/videos/components/configurations-dialog'),
    (m) => m.ConfigurationsDialog,
  ),
};

/** Pages loaded on first visit, each in its own chunk. */
const lazyPages = {
  pricing: () =>
    import('../features/billing/components/pricing-page').then((m) => ({ Component: m.PricingPage })),
  presenters: () =>
    import('../features/admin/components/presenters-page').then((m) => ({ Component: m.PresentersPage })),
  ownLogs: () =>
    import('../features/logs/components/logs-page').then(({ LogsPage }) => ({
      Component: function OwnLogsPage() {
        return <LogsPage scope="own" isAdmin={usePresenter().is_admin} />;
      },
    })),
  allLogs: () =>
    import('../features/logs/components/logs-page').then(({ LogsPage }) => ({
      Component: function AllLogsPage() {
        return <LogsPage scope="all" isAdmin />;
      },
    })),
};

/** The screener's pages: overview, shared-with, tracking links, and their dialog children (spec section 2). */
const screenerChildren: RouteObject[] = [
  { index: true, element: <Navigate to="overview" replace /> },
  { path: 'overview', lazy: videosPages.overview },
  { path: 'shared-with', element: soon.sharing },
  { path: 'tracking-links', element: soon.trackingLinks },
  { path: 'tracking-links/:trackingLinkId', element: <Navigate to="overview" replace /> },
  { path: 'tracking-links/:trackingLinkId/configuration', element: soon.trackingLinks },
  { path: 'tracking-links/:trackingLinkId/overview', element: soon.trackingLinks },
  {
    path: 'dialog',
    lazy: videosPages.dialogHost,
    children: [
      { path: 'configurations', lazy: videosPages.configurations },
      { path: 'configure-invitation', element: soon.sharing },
      { path: 'configure-magiclink', element: soon.sharing },
      { path: 'invited-successfully', element: soon.sharing },
      { path: 'share-options', element: soon.sharing },
      { path: 'share-to-market', element: soon.sharing },
      { path: 'tracking-link/:trackingLinkId?/access-link-generated', element: soon.sharing },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <LoadingBar />
        <Integrations />
        <Outlet />
      </>
    ),
    errorElement: <ReportedRouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: 'login', Component: LoginPage },
              { path: 'register', Component: RegisterPage },
            ],
          },
        ],
      },
      { element: <AuthLayout />, children: [{ path: 'autologin', Component: AutologinPage }] },
      { element: <GuestLayout />, children: [{ path: 'privacy', Component: PrivacyPage }] },
      {
        element: <EmptyLayout />,
        children: [
          { path: 'dialog-vimeo-linking', lazy: lazyVimeo.linking },
          { path: 'dialog', children: [{ path: 'vimeo-linking', lazy: lazyVimeo.linking }] },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'onboarding',
            element: <OnboardingOnly />,
            children: [
              {
                element: <OnboardingLayout />,
                children: [
                  { index: true, element: <Navigate to="intro" replace /> },
                  ...[
                    'intro',
                    'vimeo-linking',
                    'video-creation',
                    'screener-creation',
                    'old-screener-creation',
                    'screener-watch',
                    'screener-analytics',
                  ].map((path) => ({ path, element: soon.onboarding })),
                ],
              },
            ],
          },
          {
            element: <RequireOnboarded />,
            children: [
              {
                element: <DefaultLayout />,
                children: [
                  { index: true, Component: HomeRedirect },
                  { path: 'inspire', element: soon.inspire },
                  { path: 'pricing-plans', lazy: lazyPages.pricing },
                  // Every presenter reads their own entries; the side rail links here for admins only.
                  { path: 'logs', lazy: lazyPages.ownLogs },
                  {
                    element: <AdminOnly />,
                    children: [
                      { path: 'presenters', lazy: lazyPages.presenters },
                      { path: 'logs/all', lazy: lazyPages.allLogs },
                    ],
                  },
                  {
                    path: 'screeners',
                    children: [
                      {
                        lazy: videosPages.library,
                        children: [
                          { index: true },
                          { path: 'dialog/add-screener', lazy: videosPages.addScreener },
                        ],
                      },
                      { path: ':screenerId', lazy: videosPages.layout, children: screenerChildren },
                    ],
                  },
                  {
                    path: 'screener/:screenerId?/tracking-links',
                    children: [
                      { index: true, element: soon.trackingLinks },
                      { path: ':trackingLinkId/configuration', element: soon.trackingLinks },
                      { path: ':trackingLinkId/overview', element: soon.trackingLinks },
                    ],
                  },
                  { path: 'analytics/:videoId?/tracking-links/:trackingLinkId', element: soon.analytics },
                  {
                    path: 'settings',
                    Component: SettingsLayout,
                    children: [
                      { index: true, element: soon.settingsHome },
                      { path: 'profile', element: soon.profile },
                      { path: 'vimeo-configurations', lazy: lazyVimeo.configurations },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
