import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import type { PlaybackAuth } from '../playback-auth';
import { HlsPlayer } from './hls-player';

/** hls.js stand-in: happy-dom has no MediaSource. */
const { FakeHls } = vi.hoisted(() => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'manifestParsed', LEVEL_SWITCHED: 'levelSwitched' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    levels = [];
    loadSource() {}
    attachMedia() {}
    startLoad() {}
    destroy() {}
    on() {}
  }
  return { FakeHls };
});
vi.mock('hls.js/light', () => ({ default: FakeHls }));

const EN = '00000000-0000-4000-8000-000000000001';
const FR = '00000000-0000-4000-8000-000000000002';
const tracks = [
  { id: EN, language: 'en', kind: 'captions', label: 'English (captions)' },
  { id: FR, language: 'fr', kind: 'subtitles', label: 'Français' },
];
const sessionWith = (subtitles: unknown[]) =>
  ({
    sessionId: 's1',
    playbackToken: 't',
    video: { title: 'Northern Lights', thumbnail: null, subtitles },
    watermark: null,
    resumeAt: null,
  }) as unknown as OpenSessionResponse;

const VTT: Record<string, string> = {
  [EN]: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n[door creaks]\nWho is <i>there</i>?\n',
  [FR]: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<b>Qui</b> <script>alert(1)</script><img src=x onerror=alert(2)>est là ?\n',
};

let auth: PlaybackAuth;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  auth = {
    token: 't',
    connected: true,
    subscribe: () => () => {},
    beat: async () => {},
  } as unknown as PlaybackAuth;
  fetchMock = vi.fn(async (url: string) => {
    const id = url.split('/').at(-1)!;
    return new Response(VTT[id] ?? '', {
      status: VTT[id] ? 200 : 404,
      headers: { 'content-type': 'text/vtt' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderPlayer(subtitles: unknown[] = tracks, tracker = new EventTracker('s1', () => 't')) {
  const view = render(<HlsPlayer session={sessionWith(subtitles)} auth={auth} tracker={tracker} />);
  const video = view.getByTestId('watch-video') as HTMLVideoElement;
  return { ...view, video, tracker };
}

/** The film at `seconds`. */
function playTo(video: HTMLVideoElement, seconds: number) {
  act(() => {
    video.currentTime = seconds;
    video.dispatchEvent(new Event('timeupdate'));
  });
}

const ccButton = () => screen.queryByRole('button', { name: 'Subtitles' });
const overlayText = () => screen.queryByTestId('watch-subtitles')?.textContent ?? null;

it('offers subtitles only when the film has tracks', () => {
  renderPlayer([]);
  expect(ccButton()).toBeNull();
  expect(screen.getByRole('button', { name: /^Speed and quality/ })).toBeTruthy();
  fireEvent.keyDown(document, { key: 'c' });
  expect(fetchMock).not.toHaveBeenCalled();
});

it('fetches the chosen track with the current token in a header, and shows its line at its time', async () => {
  const { video } = renderPlayer();
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('false');
  // The heartbeat renewed the token since the session opened.
  (auth as { token: string }).token = 't2';
  fireEvent.click(ccButton()!);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe(`/v1/watch/sessions/s1/subtitles/${EN}`);
  expect(url).not.toContain('t2');
  expect(init.headers).toEqual({ authorization: 'Bearer t2' });
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('true');

  playTo(video, 0.5);
  await waitFor(() => expect(overlayText()).toBe(''));
  playTo(video, 1.5);
  await waitFor(() => expect(overlayText()).toBe('[door creaks]\nWho is there?'));
  expect(screen.getByTestId('watch-subtitles').querySelector('i')?.textContent).toBe('there');
  playTo(video, 3.2);
  expect(overlayText()).toBe('');
});

it('renders a cue’s markup as text: no script or image ever becomes an element', async () => {
  const { video } = renderPlayer();
  fireEvent.click(screen.getByRole('button', { name: /^Subtitles, speed and quality/ }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
  playTo(video, 2);
  await waitFor(() => expect(overlayText()).toBe('Qui alert(1)est là ?'));
  const overlay = screen.getByTestId('watch-subtitles');
  expect(overlay.querySelector('b')?.textContent).toBe('Qui');
  expect(overlay.querySelector('script, img')).toBeNull();
});

it('turns subtitles off from the menu, and fetches a track only once for the page', async () => {
  const { video } = renderPlayer();
  const menu = () => screen.getByRole('button', { name: /^Subtitles, speed and quality/ });
  fireEvent.click(menu());
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'English (captions)' }));
  playTo(video, 2);
  await waitFor(() => expect(overlayText()).toContain('Who is there?'));

  fireEvent.click(menu());
  expect(screen.getByRole('menuitemradio', { name: 'English (captions)' }).getAttribute('aria-checked')).toBe(
    'true',
  );
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
  expect(overlayText()).toBeNull();
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('false');

  // The CC button brings back the track chosen last, from what the page already has.
  fireEvent.click(ccButton()!);
  await waitFor(() => expect(overlayText()).toContain('Who is there?'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('remembers the choice for the next film, and picks the same language there', async () => {
  const first = renderPlayer();
  fireEvent.click(screen.getByRole('button', { name: /^Subtitles, speed and quality/ }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  first.unmount();

  const other = {
    id: '00000000-0000-4000-8000-000000000009',
    language: 'fr',
    kind: 'subtitles',
    label: 'French',
  };
  VTT[other.id] = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nBonjour\n';
  const { video } = renderPlayer([tracks[0], other]);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  expect(fetchMock.mock.calls[1]![0]).toContain(other.id);
  playTo(video, 1);
  await waitFor(() => expect(overlayText()).toBe('Bonjour'));
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('true');
});

it('remembers off too: a film with tracks starts without them', () => {
  localStorage.setItem('screenroom.subtitles', 'null');
  renderPlayer();
  expect(fetchMock).not.toHaveBeenCalled();
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('false');
});

it('toggles subtitles with the c key, and reports each choice with the session’s events', async () => {
  const tracker = new EventTracker('s1', () => 't');
  const push = vi.spyOn(tracker, 'push');
  renderPlayer(tracks, tracker);
  fireEvent.keyDown(document, { key: 'c' });
  await waitFor(() => expect(ccButton()?.getAttribute('aria-pressed')).toBe('true'));
  expect(push).toHaveBeenLastCalledWith('subtitles', { language: 'en', kind: 'captions' });
  // With Caps Lock on, as well.
  fireEvent.keyDown(document, { key: 'C' });
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('false');
  expect(push).toHaveBeenLastCalledWith('subtitles', { language: null });
});

it('says when a track cannot be loaded, turns subtitles off, and the film plays on', async () => {
  fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
  const { video } = renderPlayer();
  const pause = vi.spyOn(video, 'pause');
  fireEvent.click(ccButton()!);
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe(
      'The subtitles could not be loaded. Try again in a moment.',
    ),
  );
  expect(ccButton()?.getAttribute('aria-pressed')).toBe('false');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(pause).not.toHaveBeenCalled();

  // Chosen again, it is asked for again.
  fireEvent.click(ccButton()!);
  playTo(video, 2);
  await waitFor(() => expect(overlayText()).toContain('Who is there?'));
  expect(fetchMock).toHaveBeenCalledTimes(2);

  // Another track fails: c brings back the one that was showing, not the one that failed.
  fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
  fireEvent.click(screen.getByRole('button', { name: /^Subtitles, speed and quality/ }));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toContain('could not be loaded'));
  fireEvent.keyDown(document, { key: 'c' });
  await waitFor(() => expect(overlayText()).toContain('Who is there?'));
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it('shows a line written twice at the same time twice, and then neither, without React losing count', async () => {
  const TWICE = '00000000-0000-4000-8000-000000000003';
  VTT[TWICE] =
    'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHey!\n\n00:00:01.000 --> 00:00:03.000\nHey!\n\n00:00:02.000 --> 00:00:04.000\nYou\n';
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const { video } = renderPlayer([{ id: TWICE, language: 'en', kind: 'subtitles', label: 'English' }]);
    fireEvent.click(ccButton()!);
    playTo(video, 1.5);
    await waitFor(() => expect(overlayText()).toBe('Hey!Hey!'));
    playTo(video, 2.5);
    expect(overlayText()).toBe('Hey!Hey!You');
    playTo(video, 3.5);
    expect(overlayText()).toBe('You');
    expect(errors).not.toHaveBeenCalled();
  } finally {
    errors.mockRestore();
    delete VTT[TWICE];
  }
});

it('says a failed load in a status region already on the page, so screen readers announce it', async () => {
  let answer: (response: Response) => void = () => undefined;
  fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
  renderPlayer();
  fireEvent.click(ccButton()!);
  // While the track loads, the region is there and says nothing; the note is then put inside it (a
  // region that comes with its words already in it is not read out by every screen reader).
  const region = await screen.findByRole('status');
  expect(region.textContent).toBe('');
  await act(async () => answer(new Response('', { status: 503 })));
  await waitFor(() =>
    expect(region.textContent).toBe('The subtitles could not be loaded. Try again in a moment.'),
  );
  expect(screen.getByRole('status')).toBe(region);
});

it('remembers a track for the next film only once it has loaded: one that failed leaves the choice from before', async () => {
  const remembered = () => localStorage.getItem('screenroom.subtitles');
  const menu = () => screen.getByRole('button', { name: /^Subtitles, speed and quality/ });
  const failed = () =>
    waitFor(() => expect(screen.getByRole('status').textContent).toContain('could not be loaded'));
  const first = renderPlayer();
  // The first choice fails: nothing is remembered.
  fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
  fireEvent.click(ccButton()!);
  await failed();
  expect(remembered()).toBeNull();
  // French loads: remembered.
  fireEvent.click(menu());
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'Français' }));
  await waitFor(() => expect(remembered()).toBe(JSON.stringify({ language: 'fr', kind: 'subtitles' })));
  // English fails: French stays the choice.
  fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
  fireEvent.click(menu());
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'English (captions)' }));
  await failed();
  expect(remembered()).toBe(JSON.stringify({ language: 'fr', kind: 'subtitles' }));
  first.unmount();

  // The next film brings back French, not the English that failed.
  renderPlayer();
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
  expect(fetchMock.mock.calls[3]![0]).toContain(FR);
});
