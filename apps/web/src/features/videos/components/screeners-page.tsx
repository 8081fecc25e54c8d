import {
  Anchor,
  Button,
  Card,
  CloseButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { SEARCH_MAX_LENGTH } from '@screenroom/shared/constants';
import { IconMovie, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { LoadFailedState } from '../../../components/load-failed-state';
import { useDelayedFlag } from '../../../components/use-delayed-flag';
import { folded } from '../../../lib/format';
import { videosQuery } from '../api/get-videos';
import { VideoCard } from './video-card';

function EmptyLibrary() {
  return (
    <Card radius="lg" p="xl" maw={620} mx="auto" mt="xl" data-testid="empty-library">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMovie size={32} />
        </ThemeIcon>
        <Title order={3}>Your screeners will live here</Title>
        <Text c="dimmed">
          Upload a film, import one from Vimeo, or start with our one-minute sample. Then give each viewer a
          link of their own.
        </Text>
        <Button
          component={Link}
          to="/screeners/dialog/add-screener"
          leftSection={<IconPlus size={18} />}
          mt="sm"
          data-focus-when-list-empties
        >
          Add your first screener
        </Button>
      </Stack>
    </Card>
  );
}

/** /screeners: the library of films, as cards. Dialog routes (add-screener) open over it. */
export function ScreenersPage() {
  // Silent: a list that cannot be loaded says so in the page (with Try again), not in a toast as well.
  const videos = useQuery({ ...videosQuery(), meta: { silent: true } });
  const [search, setSearch] = useState('');
  const showSkeleton = useDelayedFlag(videos.isPending);
  const wanted = folded(search.trim());
  const shown = (videos.data ?? []).filter((v) => folded(`${v.title} ${v.director ?? ''}`).includes(wanted));
  // An empty library has its own, larger button: one way to start is clearer than two.
  const offerAdd = (videos.data?.length ?? 0) > 0 || videos.isError;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2}>Your screeners</Title>
          <Text c="dimmed" size="sm">
            Films you share privately, each with a link per viewer.
          </Text>
        </div>
        <Group>
          {(videos.data?.length ?? 0) > 3 && (
            <TextInput
              placeholder="Search by title or director"
              leftSection={<IconSearch size={16} />}
              maxLength={SEARCH_MAX_LENGTH}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              aria-label="Search screeners"
              rightSection={
                search ? (
                  <CloseButton size="sm" aria-label="Clear the search" onClick={() => setSearch('')} />
                ) : null
              }
            />
          )}
          {offerAdd && (
            <Button component={Link} to="/screeners/dialog/add-screener" leftSection={<IconPlus size={18} />}>
              Add screener
            </Button>
          )}
        </Group>
      </Group>
      {videos.isPending ? (
        showSkeleton && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
            {[1, 2, 3].map((i) => (
              <Skeleton key={i} h={260} radius="lg" />
            ))}
          </SimpleGrid>
        )
      ) : !videos.data ? (
        <LoadFailedState title="Your screeners could not be loaded" query={videos} />
      ) : videos.data.length === 0 ? (
        <EmptyLibrary />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="no-match">
          No screener matches “{search.trim()}”.{' '}
          <Anchor component="button" type="button" onClick={() => setSearch('')} data-focus-when-list-empties>
            Show all
          </Anchor>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="lg">
          {shown.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </SimpleGrid>
      )}
      <Outlet />
    </Stack>
  );
}
