import type { OpenSessionResponse } from '@screenroom/shared/schemas/watch';
import { beforeEach, expect, it, vi } from 'vitest';

type Handler = (event: string, data: { fatal: boolean }) => void;
const noFailure = () => {
  throw new Error('no early failure expected');
};

/** hls.js stand-in: jsdom has no MediaSource. Records what the stream was asked to do. */
const made: FakeHls[] = [];
class FakeHls {
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError' };
  handlers: Handler[] = [];
  source = '';
  destroyed = false;
  constructor(readonly config: { startPosition: number; startFragPrefetch: boolean; xhrSetup: unknown }) {
    made.push(this);
  }
  loadSource(url: string) {
    this.source = url;
  }
  on(_event: string, handler: Handler) {
    this.handlers.push(handler);
  }
  destroy() {
    this.destroyed = true;
  }
}
vi.mock('hls.js/light', () => ({ default: FakeHls }));

const session = (sessionId: string, player = 'hls') =>
  ({
    sessionId,
    playbackToken: 'first',
    resumeAt: 42,
    video: { player, vimeo_id: player === 'vimeo' ? '760003' : null },
  }) as unknown as OpenSessionResponse;

/** The URL a segment request of `hls` is sent to. */
function requestUrl(hls: FakeHls, url: string) {
  const xhr = { open: vi.fn() };
  (hls.config.xhrSetup as (xhr: unknown, url: string) => void)(xhr, url);
  return xhr.open.mock.calls[0]?.[1] as string;
}

beforeEach(async () => {
  made.length = 0;
  vi.resetModules();
});

it('the player adopts the stream started when the session opened, and its requests take renewed tokens', async () => {
  const { adoptStream, startEarlyStream } = await import('./hls-stream');
  startEarlyStream(session('s1'));
  const early = made[0]!;
  expect(early.source).toBe('/v1/watch/sessions/s1/master.m3u8?token=first');
  expect(early.config).toMatchObject({ startPosition: 42, startFragPrefetch: true });
  const segment = `${window.location.origin}/v1/watch/sessions/s1/v0/seg1.ts?token=stale`;
  expect(requestUrl(early, segment)).toContain('token=first');

  const adopted = adoptStream(session('s1'), () => 'renewed', noFailure);
  expect(adopted).toBe(early);
  expect(made).toHaveLength(1);
  expect(requestUrl(early, segment)).toContain('token=renewed');
  // Adopted once: a second player (React's strict mode) starts its own.
  expect(adoptStream(session('s1'), () => 'renewed', noFailure)).not.toBe(early);
});

it('starts afresh for another session, after a fatal error, and never for a Vimeo film', async () => {
  const { adoptStream, startEarlyStream } = await import('./hls-stream');
  startEarlyStream(session('s1', 'vimeo'));
  expect(made).toHaveLength(0);

  startEarlyStream(session('s1'));
  const other = adoptStream(session('s2'), () => 't', noFailure);
  expect(made[0]!.destroyed).toBe(true);
  expect(other).toBe(made[1]);
  expect(made[1]!.config.startFragPrefetch).toBe(false);

  startEarlyStream(session('s3'));
  const failure = { fatal: true, type: 'networkError', details: 'manifestLoadError' };
  for (const handler of made[2]!.handlers) handler('hlsError', failure);
  const reported = vi.fn();
  expect(adoptStream(session('s3'), () => 't', reported)).toBe(made[3]);
  expect(made[2]!.destroyed).toBe(true);
  // The player reports what went wrong before it was listening.
  expect(reported).toHaveBeenCalledWith(failure);
});
