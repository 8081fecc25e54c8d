import { Box, Center } from '@mantine/core';
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import { type Ref, useEffect, useRef, useState } from 'react';
import { PlayerFailure } from './player-failure';

/** Fatal media errors hls.js is asked to get over before the player gives up. */
const MAX_MEDIA_RECOVERIES = 2;
const STOPPED_LOADING = 'The film stopped loading. Check your connection and try again.';
/** Where a player started over takes up the film: hls.js's "from the start" (-1), paused. */
const NOT_STARTED = { resumeAt: -1, wasPlaying: false };

/** A subtitle track for the browser's own player: its WebVTT at `src` (a blob: URL). */
export type TrackSource = {
  id: string;
  src: string;
  language: string;
  kind: 'subtitles' | 'captions';
  label: string;
};

type Props = {
  src: string;
  /** Offered in the player's own captions menu, none showing until chosen. */
  tracks?: readonly TrackSource[];
  poster?: string | null;
  autoPlay?: boolean;
  controls?: boolean;
  videoRef?: Ref<HTMLVideoElement>;
  /** "Try again" after the player gave up: may answer a fresh URL, which then starts the player over. */
  onRetry?: () => Promise<string | undefined>;
  testId?: string;
};

/**
 * An HLS player: the browser's own where it plays HLS (Safari), hls.js elsewhere (loaded only when a
 * player appears). AES-128 keys are fetched by hls.js from the key URIs in the playlists. A fatal error
 * is recovered from a few times; after that the picture says so and offers to try again.
 */
export function HlsVideo({
  src,
  tracks = [],
  poster,
  autoPlay = false,
  controls = true,
  videoRef,
  onRetry,
  testId,
}: Props) {
  const element = useRef<HTMLVideoElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const leftOff = useRef(NOT_STARTED);
  // A fresh URL starts the player over by itself (a new `src`); the same one needs another attempt.
  const tryAgain = async () => {
    const fresh = await onRetry?.();
    if (!fresh || fresh === src) setAttempt((n) => n + 1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts the player over on "Try again"
  useEffect(() => {
    const video = element.current;
    if (!video) return;
    setFailure(null);
    // Started over (a fresh URL, or "Try again"): the film goes on where it was, playing if it was.
    const { resumeAt, wasPlaying } = leftOff.current;
    leftOff.current = NOT_STARTED;
    let hls: Hls | null = null;
    let cancelled = false;
    if (video.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      video.src = src;
      video.onerror = () => setFailure(STOPPED_LOADING);
    } else {
      void import('hls.js').then(({ default: HlsJs }) => {
        if (cancelled) return;
        const player = new HlsJs({ enableWorker: true, lowLatencyMode: false, startPosition: resumeAt });
        hls = player;
        let recoveries = 0;
        player.on(HlsJs.Events.ERROR, (_event, data: ErrorData) => {
          if (!data.fatal) return;
          // A decoder hiccup is worth another go; a network error comes after hls.js's own retries.
          if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && recoveries < MAX_MEDIA_RECOVERIES) {
            recoveries += 1;
            player.recoverMediaError();
            return;
          }
          player.stopLoad();
          setFailure(
            data.type === HlsJs.ErrorTypes.NETWORK_ERROR
              ? STOPPED_LOADING
              : 'The film could not be played in this browser.',
          );
        });
        if (wasPlaying)
          player.once(HlsJs.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
        player.loadSource(src);
        player.attachMedia(video);
      });
    }
    return () => {
      cancelled = true;
      video.onerror = null;
      // Read before hls.js lets go of the element, which resets its clock and pauses it.
      if (video.currentTime > 0)
        leftOff.current = { resumeAt: video.currentTime, wasPlaying: !video.paused && !video.ended };
      hls?.destroy();
    };
  }, [src, attempt]);

  return (
    <Box pos="relative">
      <Box
        component="video"
        ref={(node: HTMLVideoElement | null) => {
          element.current = node;
          if (typeof videoRef === 'function') videoRef(node);
          else if (videoRef) (videoRef as { current: HTMLVideoElement | null }).current = node;
        }}
        poster={poster ?? undefined}
        controls={controls && !failure}
        autoPlay={autoPlay}
        playsInline
        data-testid={testId}
        w="100%"
        h="100%"
        bg="black"
        style={{ display: 'block', aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-lg)' }}
      >
        {tracks.map((track) => (
          <track
            key={track.id}
            kind={track.kind}
            srcLang={track.language}
            label={track.label}
            src={track.src}
          />
        ))}
      </Box>
      {failure && (
        <Center
          pos="absolute"
          inset={0}
          bg="rgba(0, 0, 0, 0.85)"
          c="gray.3"
          style={{ borderRadius: 'var(--mantine-radius-lg)' }}
          role="alert"
        >
          <PlayerFailure message={failure} onRetry={() => void tryAgain()} />
        </Center>
      )}
    </Box>
  );
}
