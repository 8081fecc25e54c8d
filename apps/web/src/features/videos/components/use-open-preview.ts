import { focusBackWhenDone } from '../../../lib/focus-back-when-done';
import { usePreviewAccessUrl } from '../../tracking-links/api/get-preview-access-url';

/**
 * Opens a film as its viewers see it, in a new tab, never counted. The tab opens during the click (no
 * popup blocker interferes) and learns its address a moment later; a failure closes it and is said by
 * the query client's toast. The button that asked, disabled while its loader shows, drops the focus to
 * the page: it gets it back once the request has settled.
 */
export function useOpenPreview() {
  const preview = usePreviewAccessUrl();
  const open = (videoId: string, asker: HTMLElement) => {
    const tab = window.open('about:blank', '_blank');
    const opening = preview.mutateAsync(videoId);
    opening.then(
      (url) => {
        if (tab) tab.location.href = url;
        else window.location.href = url;
      },
      () => tab?.close(),
    );
    focusBackWhenDone(asker, opening);
  };
  return { open, opening: preview.isPending };
}
