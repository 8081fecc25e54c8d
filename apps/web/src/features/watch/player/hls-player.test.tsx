import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, cleanup, render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { HlsPlayer } from './hls-player';
import { HEALTHY_PLAY_SECONDS, MAX_RECOVERIES } from './recovery-budget';

/** hls.js stand-in: happy-dom has no MediaSource. Lets the test raise the stream's fatal errors. */
const { FakeHls, made } = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  const made: {
    recovered: number;
    loads: number;
    fail: (error?: { type: string; details: string }) => void;
  }[] = [];
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'manifestParsed', LEVEL_SWITCHED: 'levelSwitched' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    handlers = new Map<string, Handler[]>();
    levels = [];
    recovered = 0;
    loads = 0;
    constructor() {
      made.push(this);
    }
    loadSource() {
      this.loads += 1;
    }
    attachMedia() {}
    startLoad() {}
    recoverMediaError() {
      this.recovered += 1;
    }
    destroy() {}
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    fail(error = { type: 'mediaError', details: 'bufferAppendError' }) {
      for (const handler of this.handlers.get(FakeHls.Events.ERROR) ?? [])
        handler(FakeHls.Events.ERROR, { fatal: true, ...error });
    }
  }
  return { FakeHls, made };
});
vi.mock('hls.js/light', () => ({ default: FakeHls }));
// Each test's player alone on the page: a query for an alert must not find the one before's.

const session = {
  sessionId: 's1',
  playbackToken: 't',
  video: { title: 'Northern Lights', thumbnail: null },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;
const auth = {
  token: 't',
  connected: true,
  subscribe: () => () => {},
  beat: async () => {},
} as unknown as PlaybackAuth;

/** The film playing on for `seconds`, a `timeupdate` every quarter second. */
function playOn(video: HTMLVideoElement, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    video.currentTime += 0.25;
    video.dispatchEvent(new Event('timeupdate'));
  }
}

// Before, every recovery counted for the whole film: the fifth error, an hour after the fourth, ended it.
it('recovers from errors far apart in a long film, and gives up on errors close together', () => {
  const { getByTestId, queryByRole } = render(
    <HlsPlayer session={session} auth={auth} tracker={new EventTracker('s1', () => 't')} />,
  );
  const video = getByTestId('watch-video') as HTMLVideoElement;
  const hls = made.at(-1)!;
  for (let i = 0; i < MAX_RECOVERIES * 2; i++) {
    act(() => hls.fail());
    act(() => playOn(video, HEALTHY_PLAY_SECONDS + 1));
  }
  expect(queryByRole('alert')).toBeNull();
  expect(hls.recovered).toBe(MAX_RECOVERIES * 2);

  for (let i = 0; i < MAX_RECOVERIES; i++) act(() => hls.fail());
  expect(queryByRole('alert')).toBeNull();
  act(() => hls.fail());
  expect(queryByRole('alert')?.textContent).toBe(
    'The film stopped loading. Check your connection and try again.',
  );
});

// Restarting the loading does not fetch the playlist again: the player waited for ever, its spinner on.
it('asks for the film’s playlist again when it could not be had, and says so once it gives up', async () => {
  const { queryByRole } = render(
    <HlsPlayer session={session} auth={auth} tracker={new EventTracker('s1', () => 't')} />,
  );
  const hls = made.at(-1)!;
  const loadsBefore = hls.loads;
  const playlistRefused = { type: 'networkError', details: 'manifestLoadError' };
  for (let i = 0; i < MAX_RECOVERIES; i++) {
    await act(async () => hls.fail(playlistRefused));
  }
  expect(hls.loads - loadsBefore).toBe(MAX_RECOVERIES);
  expect(queryByRole('alert')).toBeNull();
  await act(async () => hls.fail(playlistRefused));
  expect(queryByRole('alert')?.textContent).toBe(
    'The film stopped loading. Check your connection and try again.',
  );
});

/** The big play button pressed the way `detail` says (0: Enter or Space, 1: a mouse click or a tap), and the film starting. */
function startWithBigPlay(
  getByRole: (role: string, options: { name: string }) => HTMLElement,
  detail: number,
) {
  const bigPlay = getByRole('button', { name: 'Play the film' });
  const video = document.querySelector('video')!;
  vi.spyOn(video, 'paused', 'get').mockReturnValue(false);
  vi.spyOn(video, 'play').mockResolvedValue(undefined);
  act(() => bigPlay.focus());
  act(() => {
    bigPlay.dispatchEvent(new MouseEvent('click', { bubbles: true, detail }));
    video.dispatchEvent(new Event('play'));
  });
}

// A mouse click on the big button put focus on Pause: the first key pressed then drew Pause's focus ring,
// on a control the viewer never reached with the keyboard, showing and hiding with the controls.
it('moves focus from the big play button to Pause only when it was pressed from the keyboard', () => {
  const tracker = new EventTracker('s1', () => 't');
  const byKeyboard = render(<HlsPlayer session={session} auth={auth} tracker={tracker} />);
  startWithBigPlay(byKeyboard.getByRole, 0);
  expect(document.activeElement).toBe(byKeyboard.getByRole('button', { name: 'Pause' }));
  cleanup();

  const byMouse = render(<HlsPlayer session={session} auth={auth} tracker={tracker} />);
  startWithBigPlay(byMouse.getByRole, 1);
  // The player holds focus, so the keys still work there and the next Tab goes on into its controls.
  expect(document.activeElement).toBe(byMouse.container.querySelector('.watch-player'));
});
