import { Anchor, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { WATERMARK_IMAGE_MAX_BYTES } from '@screenroom/shared/constants';
import { MESSAGES } from '@screenroom/shared/messages';
import type { ImageKind } from '@screenroom/shared/schemas/videos';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** A local preview of a chosen file, released when the file changes or the field goes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** Whether the browser can draw the file: a renamed text file or a truncated image cannot be. */
async function isPicture(file: File) {
  if (typeof createImageBitmap !== 'function') return true; // the server still checks
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

type ImageFieldProps = {
  kind: ImageKind;
  label: string;
  description: string;
  /** The image saved now. */
  url: string | null;
  /** A chosen file, kept until the form is saved (or cancelled). */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The server's refusal of the chosen file. */
  error?: string | null;
  disabled?: boolean;
};

/** One image of a film (thumbnail, logo, watermark): its preview, and a new file the form's Save keeps. */
export function ImageField({
  kind,
  label,
  description,
  url,
  file,
  onChange,
  error,
  disabled,
}: ImageFieldProps) {
  const [typeError, setTypeError] = useState<string | null>(null);
  const chosenUrl = useObjectUrl(file);
  const preview = chosenUrl ?? url;
  const choose = async (next: File | null) => {
    if (!next) return;
    // The server checks the content; this spares a pointless upload, and a broken preview of a file
    // that is named .png but is no picture (refused only at Save before).
    const fits = next.size < WATERMARK_IMAGE_MAX_BYTES && ['image/png', 'image/jpeg'].includes(next.type);
    if (!fits || !(await isPicture(next))) {
      setTypeError(MESSAGES.imageTypeAndSize);
      return;
    }
    setTypeError(null);
    onChange(next);
  };
  const shownError = typeError ?? error;
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
        {preview ? (
          <Image src={preview} alt={label} h={68} w={120} fit={kind === 'thumbnail' ? 'cover' : 'contain'} />
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
        <Group gap="sm">
          <FileButton onChange={choose} accept="image/png,image/jpeg" disabled={disabled}>
            {(fileProps) => (
              <Button {...fileProps} size="compact-sm" variant="light">
                {preview ? 'Replace' : 'Upload'} {label.toLowerCase()}
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="xs" c="dimmed" data-testid={`${kind}-pending`}>
              {file.name} is kept when you save.{' '}
              <Anchor component="button" type="button" size="xs" onClick={() => onChange(null)}>
                {url ? 'Keep the current one' : 'Remove'}
              </Anchor>
            </Text>
          )}
        </Group>
        {shownError && (
          <Text size="xs" c="red" role="alert">
            {shownError}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
