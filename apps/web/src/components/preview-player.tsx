import { AspectRatio, Center, Loader, Progress, Stack, Text } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { FAILED_STATUSES } from '@screenroom/shared/video-status';
import { vimeoPlayerUrl } from '@screenroom/shared/vimeo-player-url';
import type { Ref } from 'react';
import { formatDuration } from '../lib/duration';
import { messageOf } from '../lib/query-client';
import { HlsVideo, type TrackSource } from './hls-video';
import { PlayerFailure } from './player-failure';
import { useProcessingTimeLeft } from './processing-time-left';

function PlayerPlaceholder({ children }: { children: React.ReactNode }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Center bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-lg)' }} c="gray.4">
        {children}
      </Center>
    </AspectRatio>
  );
}

/**
 * A film on its way to playable: its step, how far and, once the pace is known, how long is left. A
 * feature takes a while to encode, and a bare bar left the presenter watching it, unsure whether
 * closing the page would stop it.
 */
function Processing({ video }: { video: Video }) {
  const left = useProcessingTimeLeft(video.status, video.progress);
  const moving = video.progress > 0 && video.progress < 100;
  return (
    <PlayerPlaceholder>
      <Stack align="center" gap="xs" w={{ base: '90%', sm: '60%' }}>
        <Loader color="violet" />
        <Text ta="center">
          {video.status === 'created' ? 'Waiting for the upload to finish' : `${video.status_label}…`}
        </Text>
        {moving && (
          <>
            <Progress value={video.progress} w="100%" animated aria-label="Processing progress" />
            <Text size="sm" data-testid="processing-progress">
              {video.progress}%{left !== null && ` · about ${formatDuration(left)} left`}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed" ta="center">
          The preview appears as soon as the film is playable. You can leave this page: processing goes on
          without it.
        </Text>
      </Stack>
    </PlayerPlaceholder>
  );
}

/** Whether the film plays from our HLS streams (the caller then fetches `hlsUrl` for it). */
export const playsFromHls = (video: Video) => video.playable && video.type !== 'vimeo';

/** The owner's HLS URL (POST /videos/getHlsUrl) as its query stands. */
type HlsUrlQuery = {
  data?: { url: string };
  error: unknown;
  refetch: () => Promise<{ data?: { url: string } }>;
};

type Props = {
  video: Video;
  hls: HlsUrlQuery;
  videoRef?: Ref<HTMLVideoElement>;
  testId?: string;
  /** The film's subtitle tracks, for the player's own captions menu. */
  subtitles?: readonly TrackSource[];
};

/**
 * The owner's player: the film itself (our HLS streams, or Vimeo's player for imported films), with
 * what stands in for it while it is processing or when processing failed.
 */
export function PreviewPlayer({ video, hls, videoRef, testId = 'preview-video', subtitles }: Props) {
  const playable = playsFromHls(video);
  if (video.type === 'vimeo' && video.vimeo_id) {
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={vimeoPlayerUrl(video)}
          title={video.title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          style={{ border: 0, borderRadius: 'var(--mantine-radius-lg)' }}
        />
      </AspectRatio>
    );
  }
  if (FAILED_STATUSES.includes(video.status)) {
    return (
      <PlayerPlaceholder>
        <PlayerFailure message={video.failure_reason ?? 'Processing failed.'} />
      </PlayerPlaceholder>
    );
  }
  if (!playable) return <Processing video={video} />;
  const url = hls.data?.url;
  if (!url) {
    return (
      <PlayerPlaceholder>
        {hls.error ? (
          <PlayerFailure message={messageOf(hls.error)} onRetry={() => void hls.refetch()} />
        ) : (
          <Loader color="violet" />
        )}
      </PlayerPlaceholder>
    );
  }
  return (
    <HlsVideo
      src={url}
      tracks={subtitles}
      poster={video.thumbnail}
      testId={testId}
      videoRef={videoRef}
      onRetry={() => hls.refetch().then((r) => r.data?.url)}
    />
  );
}
