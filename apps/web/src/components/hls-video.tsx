import { Box } from '@mantine/core';
import type Hls from 'hls.js';
import { type Ref, useEffect, useRef, useState } from 'react';

type Props = {
  src: string;
  poster?: string | null;
  autoPlay?: boolean;
  controls?: boolean;
  videoRef?: Ref<HTMLVideoElement>;
  onFatalError?: (message: string) => void;
  testId?: string;
};

/**
 * An HLS player: the browser's own where it plays HLS (Safari), hls.js elsewhere (loaded only when a
 * player appears). AES-128 keys are fetched by hls.js from the key URIs in the playlists.
 */
export function HlsVideo({
  src,
  poster,
  autoPlay = false,
  controls = true,
  videoRef,
  onFatalError,
  testId,
}: Props) {
  const element = useRef<HTMLVideoElement | null>(null);
  const [, setReady] = useState(false);

  useEffect(() => {
    const video = element.current;
    if (!video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    if (video.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      video.src = src;
    } else {
      void import('hls.js').then(({ default: HlsJs }) => {
        if (cancelled) return;
        hls = new HlsJs({ enableWorker: true, lowLatencyMode: false });
        hls.on(HlsJs.Events.ERROR, (_event, data) => {
          if (data.fatal) onFatalError?.(`The film could not be played (${data.details}).`);
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        setReady(true);
      });
    }
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [src, onFatalError]);

  return (
    <Box
      component="video"
      ref={(node: HTMLVideoElement | null) => {
        element.current = node;
        if (typeof videoRef === 'function') videoRef(node);
        else if (videoRef) (videoRef as { current: HTMLVideoElement | null }).current = node;
      }}
      poster={poster ?? undefined}
      controls={controls}
      autoPlay={autoPlay}
      playsInline
      data-testid={testId}
      w="100%"
      h="100%"
      bg="black"
      style={{ display: 'block', aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-lg)' }}
    />
  );
}
