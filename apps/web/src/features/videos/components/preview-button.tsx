import { Button, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify';
import { usePreviewAccessUrl } from '../../tracking-links/api/get-preview-access-url';

/**
 * Opens the screener as viewers see it, in a new tab; the owner's preview is never counted. Until the film
 * plays there is nothing to preview (the page would only say it is still processing), and the button says so.
 */
export function PreviewButton({ videoId, playable }: { videoId: string; playable: boolean }) {
  const preview = usePreviewAccessUrl();
  return (
    <Tooltip label="The preview opens once the film is playable" disabled={playable}>
      {/* data-disabled rather than disabled: a disabled button gets no hover, so no tooltip (Mantine docs). */}
      <Button
        variant="default"
        leftSection={<IconEye size={18} />}
        loading={preview.isPending}
        data-disabled={!playable || undefined}
        aria-disabled={!playable}
        onClick={(event) => {
          if (!playable) {
            event.preventDefault();
            return;
          }
          // Opened now, while the click still counts as the user's, then sent to the preview link.
          const tab = window.open('about:blank', '_blank');
          preview.mutate(videoId, {
            onSuccess: (url) => {
              if (tab) tab.location.href = url;
              else window.location.href = url;
            },
            onError: (error) => {
              tab?.close();
              notifyError(error.message);
            },
          });
        }}
      >
        Preview
      </Button>
    </Tooltip>
  );
}
