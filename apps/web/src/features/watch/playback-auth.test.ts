import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaybackAuth } from './playback-auth';

describe('PlaybackAuth', () => {
  let answer: 'ok' | 'unreachable' | 'server-error';
  let beats: number;

  beforeEach(() => {
    vi.useFakeTimers();
    answer = 'ok';
    beats = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        beats += 1;
        if (answer === 'unreachable') throw new TypeError('Failed to fetch');
        if (answer === 'server-error')
          return new Response(JSON.stringify({ message: 'Internal' }), { status: 503 });
        return new Response(JSON.stringify({ playbackToken: `t${beats}`, expiresIn: 45 }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the connection is lost while heartbeats get no answer, and renews at once when it is back', async () => {
    const refused = vi.fn();
    const auth = new PlaybackAuth('s1', 'secret', 't0', 15, refused);
    const changed = vi.fn();
    auth.subscribe(changed);
    auth.start();
    expect(auth.connected).toBe(true);

    answer = 'unreachable';
    await vi.advanceTimersByTimeAsync(15_000);
    expect(auth.connected).toBe(false);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(auth.token).toBe('t0');

    // The network is back: the browser says so, and the page does not wait for the next beat.
    answer = 'ok';
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.connected).toBe(true);
    expect(auth.token).toBe(`t${beats}`);
    expect(refused).not.toHaveBeenCalled();
    auth.stop();
  });

  it('takes any answer of the server, even a refusal to retry, as connected', async () => {
    const auth = new PlaybackAuth('s1', 'secret', 't0', 15, vi.fn());
    auth.start();
    answer = 'server-error';
    await vi.advanceTimersByTimeAsync(15_000);
    expect(beats).toBe(1);
    expect(auth.connected).toBe(true);
    auth.stop();
  });
});
