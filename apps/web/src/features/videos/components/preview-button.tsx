import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify';
import { usePreviewAccessUrl } from '../../tracking-links/api/get-preview-access-url';

/** Opens the screener as viewers see it, in a new tab; the owner's preview is never counted. */
export function PreviewButton({ videoId }: { videoId: string }) {
  const preview = usePreviewAccessUrl();
  return (
    <Button
      variant="default"
      leftSection={<IconEye size={18} />}
      loading={preview.isPending}
      onClick={() => {
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
  );
}
