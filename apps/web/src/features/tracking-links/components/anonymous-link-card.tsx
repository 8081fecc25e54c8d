import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CopyableLink } from '../../../components/copyable-link';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { useMagicLink } from '../../sharing/api/magic-link';
import { AnonymousLinkStatusBadge, anonymousLinkUsage } from '../../sharing/components/anonymous-link-state';

/**
 * The film's anonymous link above its viewers. Until someone opens it, it has no viewer row of its own,
 * and the only way back to it was Share → Anonymous link.
 */
export function AnonymousLinkCard({ videoId }: { videoId: string }) {
  const query = useMagicLink(videoId);
  const link = query.data;
  if (query.isError && link === undefined)
    return <LoadFailedNote title="The anonymous link could not be loaded" query={query} />;
  if (!link) return null;
  return (
    <Card radius="lg" p="md" data-testid="anonymous-link-card">
      <Group gap="md" align="center">
        <Stack gap={2} miw={200} style={{ flex: '1 1 200px' }}>
          <Group gap="xs">
            <Text fw={600}>Anonymous link</Text>
            <AnonymousLinkStatusBadge status={link.status} testId="anonymous-link-card-status" />
          </Group>
          <Text size="sm" c="dimmed">
            {anonymousLinkUsage(link)}
          </Text>
        </Stack>
        <div style={{ flex: '3 1 280px', minWidth: 0 }}>
          <CopyableLink url={link.url} label="Anonymous link" testId="anonymous-link-url" />
        </div>
        <Button
          component={Link}
          to={`/screeners/${videoId}/dialog/configure-magiclink`}
          state={{ background: 'tracking-links' }}
          variant="default"
          leftSection={<IconSettings size={16} />}
        >
          Configure link
        </Button>
      </Group>
    </Card>
  );
}
