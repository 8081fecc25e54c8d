import type { Video } from '@screenroom/shared/schemas/videos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useVideo } from './get-video';
import { videosKey } from './get-videos';

const video = {
  id: '5b1f4c63-3f61-4bb8-9b0a-8f5d1c1c7a11',
  title: 'Night Train',
  processing: false,
} as Video;

describe('useVideo', () => {
  it('shows a film the library list already holds at once, rather than a blank page while it asks', () => {
    // The film's own request never answers: what shows comes from the list.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const client = new QueryClient();
    client.setQueryData(videosKey, [video]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useVideo(video.id), { wrapper });
    expect(result.current.isPending).toBe(false);
    expect(result.current.data?.title).toBe('Night Train');
  });
});
