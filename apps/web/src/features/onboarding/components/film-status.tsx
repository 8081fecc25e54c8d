import { Group, Loader, Text } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';

/** A film's state in words: ready to share, or still being prepared (with its percent). */
export function FilmStatus({ film }: { film: Video }) {
  if (film.playable && !film.processing)
    return (
      <Text size="sm" c="teal">
        Ready to share
      </Text>
    );
  if (film.playable)
    return (
      <Text size="sm" c="teal">
        Ready to watch · {film.status_label}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Loader size={12} />
      <Text size="sm" c="dimmed">
        {film.status_label}
        {film.progress > 0 && film.progress < 100 ? ` · ${film.progress}%` : ''} — you can send its links
        already; it plays once ready
      </Text>
    </Group>
  );
}
