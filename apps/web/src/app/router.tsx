import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { usePresenter } from '../features/auth/api/session';
import { AutologinPage } from '../features/auth/components/autologin-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
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
import { ScreenerTrackingLinksRedirect } from './legacy-redirects';
import { LoadingBar } from './loading-bar';
import { NotFoundPage } from './not-found-page';
import { PresenterPreferences } from './presenter-preferences';
import { ReturnFocusAfterDialogs } from './return-focus';
import { ScrollToTop } from './scroll-to-top';

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
    () => import('./add-screener-route'),
    (m) => m.AddScreenerRoute,
  ),
  layout: lazyPage(
    () => import('../features/videos/components/screener-layout'),
    (m) => m.ScreenerLayout,
  ),
  overview: lazyPage(
    () => import('../features/videos/components/screener-overview-page'),
    (m) => m.ScreenerOverviewPage,
  ),
  configurations: lazyPage(
    () => import('../features/videos/components/configurations-dialog'),
    (m) => m.ConfigurationsDialog,
  ),
};

const sharingPages = {
  trackingLinks: lazyPage(
    () => import('../features/tracking-links/components/tracking-links-page'),
    (m) => m.TrackingLinksPage,
  ),
  linkConfiguration: lazyPage(
    () => import('../features/tracking-links/components/tracking-link-configuration-page'),
    (m) => m.TrackingLinkConfigurationPage,
  ),
  linkOverview: lazyPage(
    () => import('../features/tracking-links/components/tracking-link-overview-page'),
    (m) => m.TrackingLinkOverviewPage,
  ),
  sharedWith: lazyPage(
    () => import('../features/tracking-links/components/shared-with-page'),
    (m) => m.SharedWithPage,
  ),
  dialogs: lazyPage(
    () => import('./screener-dialogs-route'),
    (m) => m.ScreenerDialogsRoute,
  ),
  shareOptions: lazyPage(
    () => import('../features/sharing/components/share-options-dialog'),
    (m) => m.ShareOptionsDialog,
  ),
  configureInvitation: lazyPage(
    () => import('../features/sharing/components/configure-invitation-dialog'),
    (m) => m.ConfigureInvitationDialog,
  ),
  invitedSuccessfully: lazyPage(
    () => import('../features/sharing/components/invited-successfully-dialog'),
    (m) => m.InvitedSuccessfullyDialog,
  ),
  configureMagicLink: lazyPage(
    () => import('../features/sharing/components/configure-magiclink-dialog'),
    (m) => m.ConfigureMagicLinkDialog,
  ),
  shareToMarket: lazyPage(
    () => import('../features/sharing/components/share-to-market-dialog'),
    (m) => m.ShareToMarketDialog,
  ),
  accessLink: lazyPage(
    () => import('../features/sharing/components/access-link-dialog'),
    (m) => m.AccessLinkDialog,
  ),
  marketsAdmin: lazyPage(
    () => import('../features/markets/components/markets-admin-page'),
    (m) => m.MarketsAdminPage,
  ),
  marketPublic: lazyPage(
    () => import('../features/markets/components/market-public-page'),
    (m) => m.MarketPublicPage,
  ),
};

/** Where `/` usually leads: a film's layout with its tracking links, loaded while the library list is asked for. */
const prefetchFirstFilmPage = () => {
  void videosPages.layout();
  void sharingPages.trackingLinks();
};

/** Onboarding (spec sections 2 and 4): one page per step, each stored on the server. */
const onboardingPages = {
  index: lazyPage(
    () => import('../features/onboarding/components/onboarding-index'),
    (m) => m.OnboardingIndex,
  ),
  intro: lazyPage(
    () => import('../features/onboarding/components/intro-step'),
    (m) => m.IntroStep,
  ),
  vimeoLinking: lazyPage(
    () => import('../features/onboarding/components/vimeo-linking-step'),
    (m) => m.VimeoLinkingStep,
  ),
  videoCreation: lazyPage(
    () => import('../features/onboarding/components/video-creation-step'),
    (m) => m.VideoCreationStep,
  ),
  screenerCreation: lazyPage(
    () => import('../features/onboarding/components/screener-creation-step'),
    (m) => m.ScreenerCreationStep,
  ),
  oldScreenerCreation: lazyPage(
    () => import('../features/onboarding/components/screener-creation-step'),
    (m) => m.OldScreenerCreationStep,
  ),
  screenerWatch: lazyPage(
    () => import('../features/onboarding/components/screener-watch-step'),
    (m) => m.ScreenerWatchStep,
  ),
  screenerAnalytics: lazyPage(
    () => import('../features/onboarding/components/screener-analytics-step'),
    (m) => m.ScreenerAnalyticsStep,
  ),
};

const settingsPages = {
  home: lazyPage(
    () => import('../features/settings/components/settings-home-page'),
    (m) => m.SettingsHomePage,
  ),
  profile: lazyPage(
    () => import('../features/settings/components/profile-page'),
    (m) => m.ProfilePage,
  ),
  inspire: lazyPage(
    () => import('../features/inspire/components/inspire-page'),
    (m) => m.InspirePage,
  ),
};

/** Analytics: the sections the film's and the viewer's overviews show below their own content, and the replay. */
const analyticsPages = {
  film: lazyPage(
    () => import('../features/analytics/components/film-analytics'),
    (m) => m.FilmAnalytics,
  ),
  link: lazyPage(
    () => import('../features/analytics/components/link-analytics'),
    (m) => m.LinkAnalytics,
  ),
  replay: lazyPage(
    () => import('../features/analytics/components/session-replay-page'),
    (m) => m.SessionReplayPage,
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
  { path: 'overview', lazy: videosPages.overview, children: [{ index: true, lazy: analyticsPages.film }] },
  { path: 'shared-with', lazy: sharingPages.sharedWith },
  { path: 'tracking-links', lazy: sharingPages.trackingLinks },
  { path: 'tracking-links/:trackingLinkId', element: <Navigate to="overview" replace /> },
  { path: 'tracking-links/:trackingLinkId/configuration', lazy: sharingPages.linkConfiguration },
  {
    path: 'tracking-links/:trackingLinkId/overview',
    lazy: sharingPages.linkOverview,
    children: [{ index: true, lazy: analyticsPages.link }],
  },
  {
    path: 'dialog',
    lazy: sharingPages.dialogs,
    children: [
      { path: 'configurations', lazy: videosPages.configurations },
      { path: 'configure-invitation', lazy: sharingPages.configureInvitation },
      { path: 'configure-magiclink', lazy: sharingPages.configureMagicLink },
      { path: 'invited-successfully', lazy: sharingPages.invitedSuccessfully },
      { path: 'share-options', lazy: sharingPages.shareOptions },
      { path: 'share-to-market', lazy: sharingPages.shareToMarket },
      { path: 'tracking-link/:trackingLinkId?/access-link-generated', lazy: sharingPages.accessLink },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <LoadingBar />
        <ScrollToTop />
        <ReturnFocusAfterDialogs />
        <Integrations />
        <PresenterPreferences />
        <Outlet />
      </>
    ),
    errorElement: <ReportedRouteError />,
    // While the first page's code loads (its route is lazy): a spinner, not a blank page.
    hydrateFallbackElement: <PageLoader />,
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
      {
        element: <GuestLayout />,
        children: [
          { path: 'privacy', Component: PrivacyPage },
          { path: 'market/:code', lazy: sharingPages.marketPublic },
        ],
      },
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
                  { index: true, lazy: onboardingPages.index },
                  { path: 'intro', lazy: onboardingPages.intro },
                  { path: 'vimeo-linking', lazy: onboardingPages.vimeoLinking },
                  { path: 'video-creation', lazy: onboardingPages.videoCreation },
                  { path: 'screener-creation', lazy: onboardingPages.screenerCreation },
                  { path: 'old-screener-creation', lazy: onboardingPages.oldScreenerCreation },
                  { path: 'screener-watch', lazy: onboardingPages.screenerWatch },
                  { path: 'screener-analytics', lazy: onboardingPages.screenerAnalytics },
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
                  { index: true, element: <HomeRedirect prefetch={prefetchFirstFilmPage} /> },
                  { path: 'inspire', lazy: settingsPages.inspire },
                  { path: 'pricing-plans', lazy: lazyPages.pricing },
                  // Every presenter reads their own entries; the side rail links here for admins only.
                  { path: 'logs', lazy: lazyPages.ownLogs },
                  {
                    element: <AdminOnly />,
                    children: [
                      { path: 'presenters', lazy: lazyPages.presenters },
                      { path: 'markets', lazy: sharingPages.marketsAdmin },
                      { path: 'logs/all', lazy: lazyPages.allLogs },
                    ],
                  },
                  {
                    path: 'screeners',
                    children: [
                      {
                        lazy: videosPages.library,
                        children: [
                          // The library alone, no dialog over it.
                          { index: true, element: null },
                          { path: 'dialog/add-screener', lazy: videosPages.addScreener },
                        ],
                      },
                      { path: ':screenerId', lazy: videosPages.layout, children: screenerChildren },
                    ],
                  },
                  {
                    path: 'screener/:screenerId?/tracking-links',
                    children: [
                      { index: true, Component: ScreenerTrackingLinksRedirect },
                      { path: ':trackingLinkId/*', Component: ScreenerTrackingLinksRedirect },
                    ],
                  },
                  { path: 'analytics/:videoId?/tracking-links/:trackingLinkId', lazy: analyticsPages.replay },
                  {
                    path: 'settings',
                    Component: SettingsLayout,
                    children: [
                      { index: true, lazy: settingsPages.home },
                      { path: 'profile', lazy: settingsPages.profile },
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
