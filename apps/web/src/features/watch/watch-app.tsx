import type { Theme } from '@screenroom/shared/enums';
import { useEffect, useLayoutEffect, useState } from 'react';
import { RefusalPage } from './refusal-page';
import { ScreenerPage } from './screener-page';
import { Spinner } from './spinner';
import { forgetTheme, rememberedTheme, rememberTheme } from './theme-memory';
import { useWatchSession, type WatchState } from './use-watch-session';
import { parseWatchRoute, routePath, type WatchRoute } from './watch-route';

/** What the address names; read once, when the page loads (and tidied in the address bar). */
export const watchRoute = parseWatchRoute(window.location.pathname);
const tidyPath = routePath(watchRoute);
if (tidyPath && tidyPath !== window.location.pathname) window.history.replaceState(null, '', tidyPath);

/** The link as the address names it (a token or an anonymous code): what its theme is remembered by. */
const linkOf = (route: WatchRoute) =>
  route.kind === 'link' ? route.token : route.kind === 'anonymous' ? `a/${route.code}` : undefined;

/** Refusals after which the link tells nothing of its film any more (not a passing one: offline, expired). */
const TELLS_NO_FILM = new Set(['not_found', 'revoked', 'disabled', 'preview_only']);

/**
 * The film's own theme once known: its page, or the refusal of a link that names it. While the session
 * opens, the theme this browser saw the last time it opened the link, so a light film's page does not
 * open dark first; a first opening is dark.
 */
function schemeOf(state: WatchState, link: string | undefined): Theme {
  if (state.kind === 'watching') return state.session.video.theme;
  if (state.kind === 'refused') return state.refusal.film?.theme ?? 'dark';
  return (link && rememberedTheme(link)) || 'dark';
}

/** Keeps what this opening learnt of the film's theme for the link's next opening. */
function remember(state: WatchState, link: string | undefined) {
  if (!link || state.kind === 'opening') return;
  const theme = state.kind === 'watching' ? state.session.video.theme : state.refusal.film?.theme;
  if (theme) {
    rememberTheme(link, theme);
    // An anonymous link's page goes on at this viewer's own link's address.
    if (state.kind === 'watching' && state.token !== link) rememberTheme(state.token, theme);
  } else if (state.kind === 'refused' && TELLS_NO_FILM.has(state.refusal.reason)) forgetTheme(link);
}

/** The viewer's page: opens the link's session, then the branded screener page, or says why not. */
export function WatchApp({ route = watchRoute }: { route?: WatchRoute }) {
  const [attempt, setAttempt] = useState(0);
  const state = useWatchSession(route, attempt);
  const link = linkOf(route);
  const scheme = schemeOf(state, link);

  // Before the browser paints, so the page never shows a frame in the other theme.
  useLayoutEffect(() => {
    // The film's own theme (the presenter chose it), through Mantine's colour variables.
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  }, [scheme]);

  useEffect(() => remember(state, link), [state, link]);

  if (state.kind === 'opening') {
    return (
      <main className="watch-message" aria-busy="true">
        <Spinner label="Opening the screener" />
      </main>
    );
  }
  if (state.kind === 'refused')
    return <RefusalPage refusal={state.refusal} onRetry={() => setAttempt((n) => n + 1)} />;
  return <ScreenerPage opened={state} auth={state.auth} />;
}
