import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useOpenPreview } from './use-open-preview';

/**
 * Opens the screener as viewers see it, in a new tab; the owner's preview is never counted. Until the film
 * plays there is nothing to preview (the page would only say it is still processing), and the button says so.
 */
export function PreviewButton({
  videoId,
  playable,
  iconOnly = false,
}: {
  videoId: string;
  playable: boolean;
  /** The eye alone (a phone's header), named "Preview" for screen readers and by its tooltip. */
  iconOnly?: boolean;
}) {
  const preview = useOpenPreview();
  // data-disabled rather than disabled: a disabled button gets no hover, so no tooltip (Mantine docs).
  const shared = {
    variant: 'default',
    loading: preview.opening,
    'data-disabled': !playable || undefined,
    'aria-disabled': !playable,
    onClick: (event: MouseEvent) => {
      if (!playable) {
        event.preventDefault();
        return;
      }
      preview.open(videoId, event.currentTarget as HTMLElement);
    },
  } as const;
  return (
    <Tooltip
      label={playable ? 'Preview' : 'The preview opens once the film is playable'}
      disabled={playable && !iconOnly}
    >
      {iconOnly ? (
        <ActionIcon {...shared} size={36} aria-label="Preview">
          <IconEye size={18} />
        </ActionIcon>
      ) : (
        <Button {...shared} leftSection={<IconEye size={18} />}>
          Preview
        </Button>
      )}
    </Tooltip>
  );
}
