import { ActionIcon, Button, Card, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { FAILED_STATUSES } from '@screenroom/shared/video-status';
import { IconDots, IconRefresh, IconSettings, IconTrash, IconUsers } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { openConfirm } from '../../../lib/confirm';
import { formatDuration } from '../../../lib/duration';
import { focusWhenRowLeaves } from '../../../lib/focus-when-row-leaves';
import { formatPercent, formatWatched, fromNow } from '../../../lib/format';
import { useVideoHeadline } from '../../analytics/api/get-videos-headlines';
import { useDeleteVideo } from '../api/delete-video';
import { useRetryVideo } from '../api/retry-video';
import { VideoStatusBadge } from './video-status-badge';
import { VideoThumbnail } from './video-thumbnail';

/** One of the card's figures: the number in bold, then what it counts ("3 views"). */
function Figure({ value, label }: { value: string | number; label: string }) {
  return (
    <Text size="xs">
      <Text span fw={700}>
        {value}
      </Text>
      {label}
    </Text>
  );
}

/** The film's audience in one line: viewers who opened of those invited, views, watched minutes. */
function Headline({ videoId }: { videoId: string }) {
  const headline = useVideoHeadline(videoId).data;
  if (!headline || headline.tracking_links === 0) return null;
  return (
    // Two pairs that wrap as pairs: on a phone four figures in a row left "25% coverage" on a line alone.
    <Group gap="md" style={{ rowGap: 4 }} data-testid="video-card-figures">
      <Group gap="md" wrap="nowrap">
        <Figure value={headline.viewers_opened} label={`/${headline.tracking_links} opened`} />
        <Figure value={headline.views} label={` view${headline.views === 1 ? '' : 's'}`} />
      </Group>
      <Group gap="md" wrap="nowrap">
        <Figure value={formatWatched(headline.watched_minutes)} label=" watched" />
        <Figure value={formatPercent(headline.average_coverage)} label=" coverage" />
      </Group>
    </Group>
  );
}

/** How and when the film came into the library, as a sentence. */
export function howAdded(type: Video['type'], createdAt: string) {
  const when = fromNow(createdAt);
  if (type === 'sample') return `Sample film, added ${when}`;
  return type === 'vimeo' ? `Imported from Vimeo ${when}` : `Uploaded ${when}`;
}

export function confirmDelete(video: Video, onConfirm: () => unknown) {
  openConfirm({
    title: `Delete “${video.title}”?`,
    children: (
      <Text size="sm">
        Its streams, keys and every tracking link go with it. Viewers who have a link will no longer be able
        to watch. This cannot be undone.
      </Text>
    ),
    labels: { confirm: 'Delete screener', cancel: 'Keep it' },
    confirmProps: { color: 'red.8' },
    onConfirm,
  });
}

export function VideoCard({ video }: { video: Video }) {
  const remove = useDeleteVideo();
  const retry = useRetryVideo();
  const actions = useRef<HTMLButtonElement>(null);
  const failed = FAILED_STATUSES.includes(video.status);
  const links = video.tracking_links_count;
  return (
    <Card radius="lg" padding="sm" data-testid="video-card" data-row style={{ overflow: 'visible' }}>
      {/* The picture is a second way to the title's link, for the mouse: out of the tab order and
          hidden from screen readers, which have the title (one link per film, named by what it shows). */}
      <Card.Section
        component={Link}
        to={`/screeners/${video.id}/overview`}
        tabIndex={-1}
        aria-hidden
        data-testid="video-card-picture"
      >
        <VideoThumbnail video={video} radius="lg" />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text
            component={Link}
            to={`/screeners/${video.id}/overview`}
            fw={600}
            lineClamp={2}
            // Two lines hold most titles at every width; a longer one ends in "…", the whole of it on hover.
            title={video.title}
            data-testid="video-card-title"
            style={{
              color: 'inherit',
              textDecoration: 'none',
              flex: 1,
              minWidth: 0,
              overflowWrap: 'anywhere',
            }}
          >
            {video.title}
          </Text>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                className="video-card-actions"
                aria-label={`Actions for ${video.title}`}
                ref={actions}
                data-row-control="actions"
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                component={Link}
                to={`/screeners/${video.id}/dialog/configurations`}
                leftSection={<IconSettings size={16} />}
              >
                Configure
              </Menu.Item>
              <Menu.Item
                component={Link}
                to={`/screeners/${video.id}/tracking-links`}
                leftSection={<IconUsers size={16} />}
              >
                Tracking links
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() =>
                  confirmDelete(video, () => {
                    // The card leaves with the button focus went back to: the next card's takes it.
                    focusWhenRowLeaves(actions.current);
                    return remove.mutateAsync(video.id);
                  })
                }
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {/* The picture's length badge, for screen readers (the picture is hidden from them). */}
        {video.duration !== null && <VisuallyHidden>Length {formatDuration(video.duration)}</VisuallyHidden>}
        <Group justify="space-between" gap="xs">
          <VideoStatusBadge video={video} />
          <Text size="xs" c="dimmed">
            {links === 0 ? 'Not shared yet' : `${links} tracking link${links === 1 ? '' : 's'}`}
          </Text>
        </Group>
        <Headline videoId={video.id} />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {howAdded(video.type, video.created_at)}
          </Text>
          {failed && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={12} />}
              loading={retry.isPending}
              onClick={() => retry.mutate(video.id)}
            >
              Retry
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
