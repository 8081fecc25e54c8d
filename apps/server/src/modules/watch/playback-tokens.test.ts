import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaybackTokens } from './playback-tokens';

const claims = { sessionId: 'session-a', trackingLinkId: 'link-a', videoId: 'video-a' };

describe('PlaybackTokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts its own token for its session only, and nothing tampered or signed elsewhere', async () => {
    const tokens = new PlaybackTokens('secret-one');
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token, 'session-a')).toEqual(claims);
    expect(await tokens.verify(token, 'session-b')).toBeNull();
    const [head, body, signature] = token.split('.');
    const flipped = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await tokens.verify(flipped, 'session-a')).toBeNull();
    const other = await new PlaybackTokens('secret-two').sign(claims);
    expect(await tokens.verify(other, 'session-a')).toBeNull();
  });

  it('expires after its lifetime even once checked (the grace lets late reports in)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = new PlaybackTokens('secret-one', 45);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token, 'session-a')).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-22T10:00:50Z'));
    expect(await tokens.verify(token, 'session-a')).toBeNull();
    expect(await tokens.verify(token, 'session-a', 600)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:11:00Z'));
    expect(await tokens.verify(token, 'session-a', 600)).toBeNull();
  });
});
