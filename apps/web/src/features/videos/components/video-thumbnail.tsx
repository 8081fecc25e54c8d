import { AspectRatio, Badge, Box, Center, Image } from '@mantine/core';
import type { Video } from '@screenroom/shared/schemas/videos';
import { IconMovie } from '@tabler/icons-react';
import { formatDuration } from '../../../lib/duration';

export function VideoThumbnail({ video, radius = 'md' }: { video: Video; radius?: 'sm' | 'md' | 'lg' }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Box pos="relative" style={{ borderRadius: `var(--mantine-radius-${radius})`, overflow: 'hidden' }}>
        {video.thumbnail ? (
          <Image src={video.thumbnail} alt="" h="100%" w="100%" fit="cover" loading="lazy" />
        ) : (
          <Center
            h="100%"
            style={{
              background:
                'linear-gradient(135deg, var(--mantine-color-violet-9), var(--mantine-color-dark-7) 70%)',
            }}
          >
            <IconMovie size={40} stroke={1.2} color="var(--mantine-color-violet-2)" />
          </Center>
        )}
        {video.duration !== null && (
          <Badge
            pos="absolute"
            bottom={8}
            right={8}
            size="sm"
            color="dark"
            variant="filled"
            style={{ opacity: 0.85 }}
          >
            {formatDuration(video.duration)}
          </Badge>
        )}
      </Box>
    </AspectRatio>
  );
}
