import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { WATERMARK_IMAGE_MAX_BYTES } from '@screenroom/shared/constants';
import { MESSAGES } from '@screenroom/shared/messages';
import type { ImageKind } from '@screenroom/shared/schemas/videos';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateImage } from '../api/update-image';

/** One image of a film (thumbnail, logo, watermark): preview, and an upload that saves at once. */
export function ImageField(props: {
  videoId: string;
  kind: ImageKind;
  label: string;
  description: string;
  url: string | null;
  disabled?: boolean;
}) {
  const { videoId, kind, label, description, url, disabled } = props;
  const update = useUpdateImage();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    // The server checks the content; this only spares a pointless upload.
    if (file.size >= WATERMARK_IMAGE_MAX_BYTES || !['image/png', 'image/jpeg'].includes(file.type)) {
      setError(MESSAGES.imageTypeAndSize);
      return;
    }
    setError(null);
    update.mutate({ videoId, kind, file }, { onError: (e) => setError(e.message) });
  };
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <Box
        w={120}
        h={68}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: 'var(--mantine-color-default-hover)',
          flexShrink: 0,
        }}
      >
        {url ? (
          <Image src={url} alt={label} h={68} w={120} fit={kind === 'thumbnail' ? 'cover' : 'contain'} />
        ) : (
          <Stack h="100%" align="center" justify="center">
            <IconPhotoUp size={22} color="var(--mantine-color-dimmed)" />
          </Stack>
        )}
      </Box>
      <Stack gap={4} style={{ flex: 1 }}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
        <FileButton onChange={choose} accept="image/png,image/jpeg" disabled={disabled}>
          {(fileProps) => (
            <Button
              {...fileProps}
              size="compact-sm"
              variant="light"
              loading={update.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {url ? 'Replace' : 'Upload'} {label.toLowerCase()}
            </Button>
          )}
        </FileButton>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
