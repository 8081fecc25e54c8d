import { IconEye } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { formatDuration } from '../../lib/duration';
import type { PlaybackAuth } from './playback-auth';
import { HlsPlayer } from './player/hls-player';
import { playsInVimeo } from './player/player-choice';
import { useEventTracker } from './player/use-event-tracker';
import { usePageEvents } from './player/use-page-events';
import type { Opened } from './use-watch-session';
import { viewingsNote } from './viewings-note';

// Only Vimeo films need Vimeo's player library.
const VimeoPlayer = lazy(() => import('./player/vimeo-player').then((m) => ({ default: m.VimeoPlayer })));

type Props = { opened: Opened; auth: PlaybackAuth };

/** The branded screener: the presenter's logo, the film's details and the player. */
export function ScreenerPage({ opened, auth }: Props) {
  const { session } = opened;
  const { video } = session;
  const ownerViewed = session.viewer.name ?? session.viewer.email;
  const viewerName = session.preview ? null : session.viewer.name;
  const tracker = useEventTracker(auth, opened);
  usePageEvents(tracker);

  useEffect(() => {
    document.title = `${video.title} · Private screener`;
  }, [video.title]);

  const credits = [
    video.director && { label: 'Director', value: video.director },
    video.producer && { label: 'Producer', value: video.producer },
    video.duration && { label: 'Running time', value: formatDuration(video.duration) },
  ].filter((c): c is { label: string; value: string } => Boolean(c));

  return (
    <div className="watch-page">
      <header className="watch-header">
        <div className="watch-container watch-header-inner">
          {video.logo ? (
            <img className="watch-logo" src={video.logo} alt={video.presented_by} />
          ) : (
            <strong>{video.presented_by}</strong>
          )}
          {/* A preview's link is the presenter's own: "for" their name is not what a viewer sees. */}
          <span className="watch-dimmed">
            Private screener
            {viewerName && (
              <>
                {' '}
                for <span className="watch-nowrap">{viewerName}</span>
              </>
            )}
          </span>
        </div>
      </header>
      {session.preview && (
        <div className="watch-preview-banner" role="status">
          <IconEye size={16} /> Preview: this is how your viewers see the screener. Your viewing is not
          counted.
        </div>
      )}
      {session.ownerViewing && (
        <div className="watch-preview-banner" role="status" data-testid="owner-viewing">
          {/* Not "counts as Maya herself’s": a possessive read oddly after most names and every address. */}
          <IconEye size={16} /> You are signed in as this film’s presenter: this viewing counts on{' '}
          {ownerViewed ? `the link for ${ownerViewed}` : 'this link'}
          {session.viewings ? ' and uses one of its viewings' : ''}. Use Preview on the film’s page to look
          without counting.
        </div>
      )}
      <main className="watch-container watch-main">
        {playsInVimeo(video) ? (
          <Suspense fallback={<div className="watch-player" />}>
            <VimeoPlayer session={session} auth={auth} tracker={tracker} />
          </Suspense>
        ) : (
          <HlsPlayer session={session} auth={auth} tracker={tracker} />
        )}
        <section className="watch-details">
          <span className="watch-badge">Presented by {video.presented_by}</span>
          <h1>{video.title}</h1>
          {/* Under the title, not after the synopsis: there it sat below the fold, and a viewer who
              closed the tab learnt only then that a new one would not go on with this viewing. */}
          {session.viewings && (
            <p className="watch-dimmed watch-viewings" data-testid="watch-viewings">
              {viewingsNote(session.viewings)}
            </p>
          )}
          {credits.length > 0 && (
            <dl className="watch-credits">
              {credits.map((c) => (
                <div key={c.label}>
                  <dt>{c.label}</dt>
                  <dd>{c.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {video.description && <p className="watch-description">{video.description}</p>}
        </section>
      </main>
      <footer className="watch-footer watch-dimmed" data-testid="watch-footer">
        Shared privately through Screenroom.{' '}
        {session.personal
          ? 'This link is yours alone; please do not pass it on.'
          : 'Please do not pass it on.'}
      </footer>
    </div>
  );
}
