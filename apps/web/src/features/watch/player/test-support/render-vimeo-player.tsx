import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { render } from '@testing-library/react';
import type { EventTracker } from '../../event-tracker';
import { PlaybackAuth } from '../../playback-auth';
import { VimeoPlayer } from '../vimeo-player';
import { players } from './vimeo-player-fake';

/** Renders our Vimeo player for `session`; `@vimeo/player` must be mocked with the fake in the test file. */
export function renderVimeoPlayer(session: OpenSessionResponse, tracker: EventTracker) {
  const { container } = render(
    <VimeoPlayer
      session={session}
      auth={new PlaybackAuth('s1', 'secret', 't', 15, () => undefined)}
      tracker={tracker}
    />,
  );
  return { container, player: players.at(-1)! };
}
