import { useEffect, useState } from 'react';
import { RefusalPage } from './refusal-page';
import { ScreenerPage } from './screener-page';
import { Spinner } from './spinner';
import { useWatchSession } from './use-watch-session';
import { parseWatchRoute, routePath } from './watch-route';

/** What the address names; read once, when the page loads (and tidied in the address bar). */
export const watchRoute = parseWatchRoute(window.location.pathname);
const tidyPath = routePath(watchRoute);
if (tidyPath && tidyPath !== window.location.pathname) window.history.replaceState(null, '', tidyPath);

/** The viewer's page: opens the link's session, then the branded screener page, or says why not. */
export function WatchApp() {
  const route = watchRoute;
  const [attempt, setAttempt] = useState(0);
  const state = useWatchSession(route, attempt);
  // The film's own theme once known: its page, or the refusal of a link that names it.
  const scheme =
    state.kind === 'watching'
      ? state.session.video.theme
      : state.kind === 'refused'
        ? (state.refusal.film?.theme ?? 'dark')
        : 'dark';

  useEffect(() => {
    // The film's own theme (the presenter chose it), through Mantine's colour variables.
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  }, [scheme]);

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
