import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GENERATED_BY } from '@screenroom/shared/enums';
import type { Video } from '@screenroom/shared/schemas/videos';
import { viewerLabel } from '@screenroom/shared/viewer-label';
import { Link, useOutletContext } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { PageLoader } from '../../../components/page-loader';
import { useVideoTrackingLinks } from '../api/get-video-tracking-links';
import { SOURCE_COLORS, SOURCE_LABELS } from './labels';
import { StatusBadge } from './status-badge';

/** /screeners/{id}/shared-with: everyone who has access, grouped by how they got it. */
export function SharedWithPage() {
  const video = useOutletContext<Video>();
  const links = useVideoTrackingLinks(video.id, { silent: true });
  if (links.isError && !links.data) {
    return <LoadFailedState title="Who has access could not be loaded" query={links} />;
  }
  if (!links.data) return <PageLoader />;
  const groups = GENERATED_BY.filter((g) => g !== 'preview')
    .map((source) => ({ source, links: links.data.filter((l) => l.generated_by === source) }))
    .filter((g) => g.links.length > 0);
  if (groups.length === 0) {
    return (
      <Text c="dimmed" ta="center" mt="xl">
        Nobody has access yet.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {groups.map((group) => (
        <Card key={group.source} radius="lg" data-testid={`shared-with-${group.source}`}>
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h4">
              {SOURCE_LABELS[group.source]}
            </Title>
            <Badge variant="light" color={SOURCE_COLORS[group.source]}>
              {group.links.length}
            </Badge>
          </Group>
          <Stack gap={6}>
            {group.links.map((l) => (
              <Group key={l.id} justify="space-between" wrap="nowrap">
                <Text
                  component={Link}
                  to={`/screeners/${video.id}/tracking-links/${l.id}/overview`}
                  size="sm"
                  truncate
                  style={{ color: 'inherit' }}
                >
                  {viewerLabel(l)}
                </Text>
                {/* Every state the viewers' list shows (ended, limit reached, not sent…), not only revoked. */}
                <Group gap="xs" wrap="nowrap" data-testid="shared-with-state">
                  <Text size="xs" c="dimmed">
                    {l.sessions} session{l.sessions === 1 ? '' : 's'}
                  </Text>
                  <StatusBadge link={l} />
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
