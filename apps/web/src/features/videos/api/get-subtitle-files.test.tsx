import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { useSubtitleTrackSources } from './get-subtitle-files';
import { subtitlesKey } from './get-subtitles';

const VIDEO_ID = '00000000-0000-4000-8000-00000000000a';
const TRACK_ID = '00000000-0000-4000-8000-000000000001';
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour\n';

afterEach(() => {
  vi.restoreAllMocks();
  setToken(null);
});

function serve() {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/subtitles')
      ? Response.json({
          subtitles: [
            {
              id: TRACK_ID,
              language: 'fr',
              kind: 'captions',
              label: 'French (captions)',
              cues: 1,
              last_cue_end: 2,
              created_at: '2026-11-27T12:00:00.000Z',
            },
          ],
        })
      : new Response(VTT, { headers: { 'content-type': 'text/vtt' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('the film’s tracks for the presenter’s own player', () => {
  it('fetches each file with the presenter’s sign-in and hands it over as a blob: URL', async () => {
    setToken('presenter-token');
    const fetchMock = serve();
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:track-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { result, unmount } = renderHook(() => useSubtitleTrackSources(VIDEO_ID, true), { wrapper });
    await waitFor(() => expect(result.current).toHaveLength(1));
    expect(result.current[0]).toEqual({
      id: TRACK_ID,
      language: 'fr',
      kind: 'captions',
      label: 'French (captions)',
      src: 'blob:track-1',
    });
    expect(await made[0]?.text()).toBe(VTT);
    const [url, init] = fetchMock.mock.calls.find(([u]) => u.includes(TRACK_ID)) as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe(`/v1/videos/${VIDEO_ID}/subtitles/${TRACK_ID}`);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer presenter-token');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:track-1');
  });

  it('keeps the blob: URL of a track that stays when the tracks change, and lets go of a removed one’s only', async () => {
    const trackOf = (n: number) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      language: 'fr',
      kind: 'subtitles',
      label: `Cut ${n}`,
      cues: 1,
      last_cue_end: 2,
      created_at: '2026-11-27T12:00:00.000Z',
    });
    let listed = [trackOf(1), trackOf(2)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/subtitles') ? Response.json({ subtitles: listed }) : new Response(`${VTT}${url}`),
      ),
    );
    let made = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:${++made}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result, unmount } = renderHook(() => useSubtitleTrackSources(VIDEO_ID, true), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current).toHaveLength(2));
    const before = Object.fromEntries(result.current.map((t) => [t.label, t.src]));

    listed = [trackOf(2), trackOf(3)];
    await client.invalidateQueries({ queryKey: subtitlesKey(VIDEO_ID), exact: true });
    await waitFor(() => expect(result.current.map((t) => t.label)).toEqual(['Cut 2', 'Cut 3']));
    expect(result.current[0]!.src).toBe(before['Cut 2']);
    expect(create).toHaveBeenCalledTimes(3);
    expect(revoke.mock.calls).toEqual([[before['Cut 1']]]);

    unmount();
    expect(
      revoke.mock.calls
        .slice(1)
        .map(([url]) => url)
        .sort(),
    ).toEqual([before['Cut 2'], result.current[1]!.src].sort());
  });

  it('asks for nothing for a film that does not play from our streams', async () => {
    const fetchMock = serve();
    const { result } = renderHook(() => useSubtitleTrackSources(VIDEO_ID, false), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
