import { SharedWithPage } from '../features/tracking-links/components/shared-with-page';
import { TrackingLinksPage } from '../features/tracking-links/components/tracking-links-page';
import { ScreenerDialogHost } from '../features/videos/components/screener-dialog-host';

/** The screener's dialogs over the tab they were opened from: composed here, where features may meet. */
export function ScreenerDialogsRoute() {
  return (
    <ScreenerDialogHost
      backgrounds={{ 'tracking-links': <TrackingLinksPage />, 'shared-with': <SharedWithPage /> }}
    />
  );
}
