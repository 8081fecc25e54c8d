import type { Video } from '@screenroom/shared/schemas/videos';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { dialogBackgroundOf } from '../../../lib/dialog-background';
import { ScreenerOverviewPage } from './screener-overview-page';

/**
 * /screeners/{id}/dialog/…: a dialog over the page it was opened from (the tab named in the navigation
 * state), the overview when opened directly.
 */
export function ScreenerDialogHost({ backgrounds = {} }: { backgrounds?: Record<string, ReactNode> }) {
  const video = useOutletContext<Video>();
  const background = dialogBackgroundOf(useLocation().state);
  return (
    <>
      {backgrounds[background] ?? <ScreenerOverviewPage asBackground />}
      <Outlet context={video} />
    </>
  );
}
