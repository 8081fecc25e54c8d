import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { EventTracker } from '../event-tracker';
import { PlaybackAuth } from '../playback-auth';
import { VimeoPlayer } from './vimeo-player';

const session = {
  sessionId: 's1',
  video: { title: 'Northern Lights', vimeo_id: '760003' },
  watermark: null,
  resumeAt: null,
} as unknown as OpenSessionResponse;

const newAuth = () => new PlaybackAuth('s1', 'secret', 't', 15, () => undefined);

afterEach(() => {
  vi.restoreAllMocks();
});

it('keeps Vimeo’s iframe when React runs the effect twice (strict mode)', async () => {
  const { container } = render(
    <StrictMode>
      <VimeoPlayer session={session} auth={newAuth()} tracker={new EventTracker('s1', () => 't')} />
    </StrictMode>,
  );
  await waitFor(() => expect(container.querySelectorAll('iframe[title="Northern Lights"]')).toHaveLength(1));
  expect(container.querySelector('iframe')?.src).toBe(
    'https://player.vimeo.com/video/760003?dnt=1&title=0&byline=0&portrait=0',
  );
});

it('says over Vimeo’s player that the connection is lost, and stops saying it once it is back', async () => {
  const auth = newAuth();
  auth.start();
  render(<VimeoPlayer session={session} auth={auth} tracker={new EventTracker('s1', () => 't')} />);
  expect(screen.queryByTestId('watch-connection-lost')).toBeNull();

  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByTestId('watch-connection-lost').textContent).toContain('The connection is lost.');

  online.mockReturnValue(true);
  // Back online, the page renews its token at once; the note goes when the browser says so.
  vi.spyOn(auth, 'beat').mockResolvedValue();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByTestId('watch-connection-lost')).toBeNull();
  auth.stop();
});
