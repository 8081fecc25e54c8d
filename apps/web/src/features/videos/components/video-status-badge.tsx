import { Badge, Group, Loader, Tooltip } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { FAILED_STATUSES, isProcessing } from '@screenroom/shared/video-status';
import { IconAlertTriangle, IconBrandVimeo, IconLockOpen, IconShieldLock } from '@tabler/icons-react';

/** The spec's status names; a spinner and percent while processing; Unencrypted for ready-to-use. */
export function VideoStatusBadge({ video, size = 'sm' }: { video: Video; size?: 'xs' | 'sm' | 'md' }) {
  if (video.type === 'vimeo') {
    return (
      <Badge size={size} color="cyan" variant="light" leftSection={<IconBrandVimeo size={12} />}>
        Vimeo
      </Badge>
    );
  }
  if (FAILED_STATUSES.includes(video.status)) {
    return (
      <Tooltip label={video.failure_reason ?? 'Processing failed'} multiline maw={320}>
        <Badge size={size} color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
          {video.status_label}
        </Badge>
      </Tooltip>
    );
  }
  if (video.status === 'created') {
    return (
      <Badge size={size} color="gray" variant="light">
        Waiting for upload
      </Badge>
    );
  }
  if (isProcessing(video.status)) {
    const showPercent = video.progress > 0 && video.progress < 100;
    return (
      <Badge
        size={size}
        color="blue"
        variant="light"
        leftSection={<Loader size={10} color="blue" />}
        data-testid="status-processing"
      >
        <Group gap={4} wrap="nowrap">
          {video.status_label}
          {showPercent && <span>{video.progress}%</span>}
        </Group>
      </Badge>
    );
  }
  if (video.status === 'ready-to-use') {
    return (
      <Tooltip label="Playable now; encryption has not finished (or is turned off)">
        <Badge size={size} color="yellow" variant="light" leftSection={<IconLockOpen size={12} />}>
          {video.status_label}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Tooltip label="Every few seconds of film has a key of its own">
      <Badge size={size} color="teal" variant="light" leftSection={<IconShieldLock size={12} />}>
        {video.status_label}
      </Badge>
    </Tooltip>
  );
}
