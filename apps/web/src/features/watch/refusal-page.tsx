import { linkEndedMessage } from '@screenroom/shared/access-refusals';
import {
  IconClockOff,
  IconHourglass,
  IconLinkOff,
  IconLock,
  IconMapPinOff,
  IconPlayerStop,
  IconRefresh,
  IconUsersGroup,
  IconWifiOff,
} from '@tabler/icons-react';
import { type ComponentType, useEffect } from 'react';
import type { Refusal } from './api';

type Wording = {
  title: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  retry?: string;
  /** What to do, given whom to ask: the presenter's name when the server says, or a description. */
  hint?: (who: string) => string;
};

const PROCESSING_RETRY_MS = 15_000;

const ASK_SENDER = (who: string) => `If you think this is a mistake, ask ${who}.`;

/** What each refusal looks like to the viewer; the server's message says the specifics (a date, a country). */
const WORDING: Record<Refusal['reason'], Wording> = {
  not_found: { title: 'Link not found', icon: IconLinkOff, hint: ASK_SENDER },
  revoked: { title: 'This link was withdrawn', icon: IconLock, hint: ASK_SENDER },
  disabled: { title: 'This link is disabled', icon: IconLock, hint: ASK_SENDER },
  ended: {
    title: 'This link has ended',
    icon: IconClockOff,
    hint: (who) => `Ask ${who} to extend your access.`,
  },
  limit_reached: {
    title: 'Viewing limit reached',
    icon: IconUsersGroup,
    hint: (who) => `Ask ${who} for a new link.`,
  },
  geo_blocked: { title: 'Not available where you are', icon: IconMapPinOff, hint: ASK_SENDER },
  processing: {
    title: 'Almost ready',
    icon: IconHourglass,
    retry: 'Check now',
    hint: () =>
      'No need to reload: this page looks again every 15 seconds and opens the film when it is ready.',
  },
  preview_only: {
    title: 'A preview for the presenter',
    icon: IconLock,
    hint: () => 'Ask the person who sent you this address for a link of your own.',
  },
  expired: { title: 'Your viewing session ended', icon: IconPlayerStop, retry: 'Watch again' },
  error: { title: 'Something went wrong', icon: IconWifiOff, retry: 'Try again' },
};

export function RefusalPage({ refusal, onRetry }: { refusal: Refusal; onRetry: () => void }) {
  const wording = WORDING[refusal.reason];
  const Icon = wording.icon;
  const { film } = refusal;

  useEffect(() => {
    document.title = film ? `${wording.title} · ${film.title}` : `${wording.title} · Screenroom`;
  }, [wording.title, film]);

  // A film still being prepared becomes watchable by itself: the viewer need not keep pressing.
  useEffect(() => {
    if (refusal.reason !== 'processing') return;
    const timer = window.setTimeout(onRetry, PROCESSING_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [refusal, onRetry]);

  return (
    <main className="watch-message" data-reason={refusal.reason}>
      <div className="watch-message-body">
        {/* The presenter's logo, as on the film's page (the server sends it only where that page shows it). */}
        {film?.logo && (
          <img className="watch-logo watch-refused-logo" src={film.logo} alt={film.presented_by} />
        )}
        <div className="watch-message-icon">
          <Icon size={34} stroke={1.6} />
        </div>
        {film && (
          <p className="watch-refused-film">
            <strong>{film.title}</strong> ·{' '}
            <span className="watch-nowrap">shared by {film.presented_by}</span>
          </p>
        )}
        <h1>{wording.title}</h1>
        <p className="watch-lead">
          {/* The server says when in UTC; the viewer reads it in their own time. */}
          {refusal.endsAt ? linkEndedMessage(new Date(refusal.endsAt)) : refusal.message}
        </p>
        {wording.hint && (
          <p className="watch-dimmed">
            {wording.hint(film?.presented_by ?? 'the person who sent you the link')}
          </p>
        )}
        {wording.retry && (
          <button type="button" className="watch-button" onClick={onRetry}>
            <IconRefresh size={18} /> {wording.retry}
          </button>
        )}
      </div>
    </main>
  );
}
