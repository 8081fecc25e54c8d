import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { FAILED_STATUSES } from '@screenroom/shared/video-status';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Outlet, useNavigate, useOutletContext } from 'react-router';
import { PreviewPlayer, playsFromHls } from '../../../components/preview-player';
import { formatDuration } from '../../../lib/duration';
import { formatDateTime } from '../../../lib/format';
import { NO_VALUE } from '../../../lib/no-value';
import { usePresenter } from '../../auth/api/session';
import { useDeleteVideo } from '../api/delete-video';
import { useHlsUrl } from '../api/get-hls-url';
import { useSubtitleTrackSources } from '../api/get-subtitle-files';
import { useRetryVideo } from '../api/retry-video';
import { SubtitlesSection } from './subtitles-section';
import { confirmDelete } from './video-card';
import { VideoStatusBadge } from './video-status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** Viewers see the watermark only while its owner is on Professional (DOMAIN.md, plans). */
export function watermarkState(
  video: Pick<Video, 'enable_watermark' | 'watermark_type'>,
  professional: boolean,
) {
  if (!video.enable_watermark) return 'Off';
  return professional ? `On (${video.watermark_type})` : 'Off: it needs the Professional plan';
}

/**
 * /screeners/{id}/overview: the film, its details and its preview. Behind a dialog (`asBackground`) the
 * page leaves out its child route, which there is the dialog itself.
 */
export function ScreenerOverviewPage({ asBackground = false }: { asBackground?: boolean }) {
  const video = useOutletContext<Video>();
  const presenter = usePresenter();
  const remove = useDeleteVideo();
  const retry = useRetryVideo();
  const navigate = useNavigate();
  const hls = useHlsUrl(video.id, playsFromHls(video));
  const subtitles = useSubtitleTrackSources(video.id, playsFromHls(video));
  return (
    <Stack gap="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <PreviewPlayer video={video} hls={hls} subtitles={subtitles} />
            {video.description && (
              <Card radius="lg">
                <Title order={3} size="h4" mb={6}>
                  Synopsis
                </Title>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{video.description}</Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card radius="lg">
              <Stack gap={10}>
                <Fact label="Status">
                  <VideoStatusBadge video={video} />
                </Fact>
                <Fact label="Length">{formatDuration(video.duration)}</Fact>
                {video.width && <Fact label="Resolution">{`${video.width}×${video.height}`}</Fact>}
                {video.renditions.length > 0 && <Fact label="Streams">{video.renditions.join(', ')}</Fact>}
                <Fact label="Director">{video.director ?? NO_VALUE}</Fact>
                <Fact label="Producer">{video.producer ?? NO_VALUE}</Fact>
                <Fact label="Tracking links">{video.tracking_links_count}</Fact>
                <Fact label="Added">{formatDateTime(video.created_at, presenter.timezone)}</Fact>
                <Fact label="Watermark">{watermarkState(video, presenter.rule_set === 'PROFESSIONAL')}</Fact>
              </Stack>
            </Card>
            {video.admin_note && (
              <Card radius="lg">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                  Your note
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {video.admin_note}
                </Text>
              </Card>
            )}
            <Group>
              {FAILED_STATUSES.includes(video.status) && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconRefresh size={16} />}
                  loading={retry.isPending}
                  onClick={() => retry.mutate(video.id)}
                >
                  Retry processing
                </Button>
              )}
              <Button
                variant="subtle"
                color="red"
                data-danger
                leftSection={<IconTrash size={16} />}
                onClick={() =>
                  confirmDelete(video, () =>
                    remove.mutate(video.id, { onSuccess: () => navigate('/screeners') }),
                  )
                }
              >
                Delete screener
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      {/* Who watched and how (the analytics feature, as a child route), before the subtitles form: a film
          maker checking their audience should not scroll past an upload form to reach it. */}
      {!asBackground && <Outlet context={video} />}
      <SubtitlesSection video={video} />
    </Stack>
  );
}
