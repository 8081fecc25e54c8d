import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Image,
  Loader,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { VIMEO_SEARCH_MAX_LENGTH } from '@screenroom/shared/constants';
import { MESSAGES } from '@screenroom/shared/messages';
import type { VimeoVideo } from '@screenroom/shared/schemas/vimeo';
import { IconAlertTriangle, IconLock, IconMovie, IconSearch, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadFailedNote } from '../../../components/load-failed-state';
import { useDelayedFlag } from '../../../components/use-delayed-flag';
import { ApiError } from '../../../lib/api-client';
import { invalidateVimeo } from '../api/get-vimeo-status';
import { useVimeoVideos } from '../api/list-vimeo-videos';
import { formatDuration, privacyLabel } from './format';

export type VimeoVideoPickerProps = {
  /** Called with the chosen film; films that cannot be imported are not pickable. */
  onPick: (video: VimeoVideo) => void;
  /** The button on each film, e.g. "Import" (default) or "Add as screener". */
  pickLabel?: string;
  /** The film being imported right now: its button shows a loader and the others wait. */
  pickingId?: string | null;
  /** A film to show as chosen. */
  selectedId?: string | null;
  /** Films per page (default 6). */
  perPage?: number;
};

const PRIVACY_COLORS: Record<string, string> = {
  disable: 'violet',
  unlisted: 'blue',
  anybody: 'teal',
  password: 'orange',
};

function VideoCard({
  video,
  pickLabel,
  onPick,
  picking,
  busy,
  selected,
}: {
  video: VimeoVideo;
  pickLabel: string;
  onPick: (video: VimeoVideo) => void;
  picking: boolean;
  busy: boolean;
  selected: boolean;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <Card
      padding="sm"
      radius="md"
      data-testid={`vimeo-video-${video.vimeo_id}`}
      data-importable={video.importable}
      aria-label={video.name}
      style={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        opacity: video.importable ? 1 : 0.92,
      }}
    >
      <Card.Section pos="relative">
        <AspectRatio ratio={16 / 9}>
          {video.thumbnail && !broken ? (
            <Image
              src={video.thumbnail}
              alt=""
              fit="cover"
              loading="lazy"
              onError={() => setBroken(true)}
              style={{ filter: video.importable ? undefined : 'grayscale(0.7) brightness(0.8)' }}
            />
          ) : (
            <Center bg="var(--mantine-color-default-hover)">
              <IconMovie size={36} stroke={1.3} color="var(--mantine-color-dimmed)" />
            </Center>
          )}
        </AspectRatio>
        <Badge
          pos="absolute"
          top={8}
          left={8}
          size="sm"
          variant="filled"
          color={PRIVACY_COLORS[video.privacy] ?? 'gray'}
          leftSection={video.privacy === 'password' ? <IconLock size={11} /> : undefined}
        >
          {privacyLabel(video.privacy)}
        </Badge>
        {video.duration > 0 && (
          <Badge
            pos="absolute"
            bottom={8}
            right={8}
            size="sm"
            radius="sm"
            color="dark"
            variant="filled"
            style={{ background: 'rgba(0, 0, 0, 0.72)', fontVariantNumeric: 'tabular-nums' }}
            data-testid="vimeo-video-duration"
          >
            {formatDuration(video.duration)}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} lineClamp={1} title={video.name}>
          {video.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} mih={34}>
          {video.description || 'No description on Vimeo.'}
        </Text>
        {!video.importable && video.reason && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="vimeo-video-reason">
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-text)"
              style={{ flexShrink: 0, marginTop: 2 }}
            />
            <Text size="xs" c="light-dark(var(--mantine-color-orange-8), var(--mantine-color-orange-4))">
              {video.reason}
            </Text>
          </Group>
        )}
      </Stack>
      <Tooltip label={video.reason} disabled={video.importable} multiline w={260}>
        <Box mt="sm">
          <Button
            fullWidth
            size="xs"
            variant={selected ? 'filled' : 'light'}
            disabled={!video.importable || (busy && !picking)}
            loading={picking}
            onClick={() => onPick(video)}
            aria-label={`${pickLabel}: ${video.name}`}
          >
            {pickLabel}
          </Button>
        </Box>
      </Tooltip>
    </Card>
  );
}

function SkeletonCard() {
  return (
    <Card padding="sm" radius="md">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Skeleton height={14} mt="sm" width="70%" />
      <Skeleton height={10} mt={10} />
      <Skeleton height={10} mt={6} width="85%" />
      <Skeleton height={28} mt="md" />
    </Card>
  );
}

/**
 * The presenter's Vimeo films, searchable and paged, each with its thumbnail, duration and privacy.
 * Films that cannot become screeners (password-protected, private, still processing) are shown disabled
 * with the reason. Reusable: the add-screener dialog embeds it with its own `onPick`.
 */
export function VimeoVideoPicker({
  onPick,
  pickLabel = 'Import',
  pickingId = null,
  selectedId = null,
  perPage = 6,
}: VimeoVideoPickerProps) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  // The page belongs to a search: a new search starts from its first page.
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const setPage = (next: number) => setPaging({ query, page: next });

  const videos = useVimeoVideos({ page, perPage, query: query || undefined });
  const showSkeleton = useDelayedFlag(videos.isPending);

  // Vimeo no longer accepts the token (revoked on vimeo.com): the server unlinked it; refresh the screens.
  useEffect(() => {
    if (videos.error instanceof ApiError && videos.error.message === MESSAGES.vimeoNotLinked) {
      void invalidateVimeo(queryClient);
    }
  }, [videos.error, queryClient]);

  const data = videos.data;
  const searching = videos.isFetching && !videos.isPending;

  return (
    <Stack gap="md" data-testid="vimeo-video-picker">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Search your Vimeo films"
          aria-label="Search your Vimeo films"
          leftSection={<IconSearch size={16} />}
          maxLength={VIMEO_SEARCH_MAX_LENGTH}
          rightSection={
            searching ? (
              <Loader size={14} />
            ) : search ? (
              <IconX
                size={16}
                role="button"
                aria-label="Clear the search"
                style={{ cursor: 'pointer' }}
                onClick={() => setSearch('')}
              />
            ) : null
          }
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        {data && (
          <Text size="sm" c="dimmed" data-testid="vimeo-video-count">
            {data.totalResults === 1 ? '1 film' : `${data.totalResults} films`}
            {query ? ` matching “${query}”` : ''}
          </Text>
        )}
      </Group>

      {videos.isPending ? (
        showSkeleton ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy="true">
            {Array.from({ length: Math.min(perPage, 6) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <SkeletonCard key={i} />
            ))}
          </SimpleGrid>
        ) : (
          <Box mih={200} />
        )
      ) : videos.isError && !data ? (
        <LoadFailedNote title="Your Vimeo films could not be loaded" query={videos} />
      ) : data && data.results.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconMovie size={28} />}
          withIndicatorBackground
          title={query ? `No films match “${query}”` : 'No films on this Vimeo account yet'}
          description={
            query
              ? 'Try another word from the title or description.'
              : 'Upload a film to Vimeo, set its privacy to Hidden, and it will appear here.'
          }
        />
      ) : data ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          style={{ opacity: searching ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {data.results.map((video) => (
            <VideoCard
              key={video.vimeo_id}
              video={video}
              pickLabel={pickLabel}
              onPick={onPick}
              picking={pickingId === video.vimeo_id}
              busy={pickingId !== null}
              selected={selectedId === video.vimeo_id}
            />
          ))}
        </SimpleGrid>
      ) : null}

      {data && data.totalPages > 1 && (
        <Group justify="center">
          <Pagination
            total={data.totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
